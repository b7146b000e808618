import { z } from 'zod';
import type { Tool } from '../plugin-api/index.js';

/** The model's input for a call: parsed and checked against the tool's schema, or why not. */
export type ToolInputCheck = { ok: true; input: unknown } | { ok: false; message: string };

/** One zod schema per tool, made from its JSON Schema on first use. */
const schemas = new WeakMap<Tool, z.ZodType>();

/**
 * A tool whose JSON Schema zod cannot read (a keyword it does not know) is checked for being an
 * object only: its own code still validates what it reads, and the model keeps the tool.
 */
function schemaOf(tool: Tool): z.ZodType {
  let schema = schemas.get(tool);
  if (!schema) {
    try {
      schema = z.fromJSONSchema(tool.inputSchema);
    } catch {
      schema = z.record(z.string(), z.unknown());
    }
    schemas.set(tool, schema);
  }
  return schema;
}

/**
 * Parses the JSON text the model wrote for a call (empty means `{}`) and validates it against the
 * tool's input schema before the tool sees it. The message names each wrong field, for the model
 * to correct its call.
 */
export function checkToolInput(tool: Tool, text: string): ToolInputCheck {
  let input: unknown;
  try {
    input = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    return { ok: false, message: `the input is not valid JSON: ${text.slice(0, 200)}` };
  }
  const parsed = schemaOf(tool).safeParse(input);
  if (parsed.success) return { ok: true, input: parsed.data };
  const problems = parsed.error.issues.map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message));
  return { ok: false, message: `the input does not match the tool's schema (${problems.join('; ')})` };
}
