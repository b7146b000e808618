import { SchemaType, type FunctionDeclarationSchema, type Schema } from '@google/generative-ai';
import type { JsonSchema } from '../../../core/plugin-api/index.js';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const strings = (value: unknown): string[] | undefined => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : undefined);

/** `type: ['string', 'null']` is JSON Schema's nullable; Gemini has a `nullable` flag instead. */
function typeOf(schema: JsonSchema): { type: string | undefined; nullable: boolean } {
  if (!Array.isArray(schema.type)) return { type: typeof schema.type === 'string' ? schema.type : undefined, nullable: false };
  const types = strings(schema.type) ?? [];
  return { type: types.find((type) => type !== 'null'), nullable: types.includes('null') };
}

function properties(schema: JsonSchema): Record<string, Schema> {
  const entries = isRecord(schema.properties) ? Object.entries(schema.properties) : [];
  return Object.fromEntries(entries.map(([name, value]) => [name, toGeminiSchema(isRecord(value) ? value : {})]));
}

/**
 * A JSON Schema as Gemini's OpenAPI subset: the keywords it knows (type, description, nullable,
 * properties, required, items, string enums) are kept and the rest ($schema, additionalProperties,
 * formats it rejects …) dropped, since Gemini refuses a declaration with unknown fields.
 */
export function toGeminiSchema(schema: JsonSchema): Schema {
  const { type, nullable } = typeOf(schema);
  const base = { ...(typeof schema.description === 'string' ? { description: schema.description } : {}), ...(nullable ? { nullable } : {}) };
  switch (type) {
    case 'object':
      return { ...base, type: SchemaType.OBJECT, properties: properties(schema), ...(strings(schema.required)?.length ? { required: strings(schema.required) } : {}) };
    case 'array':
      return { ...base, type: SchemaType.ARRAY, items: toGeminiSchema(isRecord(schema.items) ? schema.items : {}) };
    case 'integer':
      return { ...base, type: SchemaType.INTEGER };
    case 'number':
      return { ...base, type: SchemaType.NUMBER };
    case 'boolean':
      return { ...base, type: SchemaType.BOOLEAN };
    default: {
      const values = strings(schema.enum);
      return values?.length ? { ...base, type: SchemaType.STRING, format: 'enum', enum: values } : { ...base, type: SchemaType.STRING };
    }
  }
}

/** A tool's input schema as function declaration parameters (always an object at the top). */
export function toFunctionParameters(schema: JsonSchema): FunctionDeclarationSchema {
  const required = strings(schema.required);
  return {
    type: SchemaType.OBJECT,
    properties: properties(schema),
    ...(typeof schema.description === 'string' ? { description: schema.description } : {}),
    ...(required?.length ? { required } : {}),
  };
}
