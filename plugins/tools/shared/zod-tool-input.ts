import { z } from 'zod';
import type { Tool, ToolContext, ToolOutputPart } from '../../../core/plugin-api/index.js';

/**
 * A tool's input as one zod schema: the JSON Schema the model is shown (as an input, so fields with
 * defaults are optional) and the parser `execute` reads its input with, so they cannot drift. Core
 * has validated the input against the same JSON Schema already; `parse` gives the tool typed values,
 * and a readable error should they differ.
 */
function zodToolInput<TSchema extends z.ZodObject>(schema: TSchema): { inputSchema: Record<string, unknown>; parse: (input: unknown) => z.output<TSchema> } {
  const { $schema: _dialect, ...inputSchema } = z.toJSONSchema(schema, { io: 'input' });
  return {
    inputSchema,
    parse(input) {
      const parsed = schema.safeParse(input);
      if (!parsed.success) throw new Error(`invalid input: ${parsed.error.issues.map((issue) => `${issue.path.join('.') || 'input'} ${issue.message}`).join('; ')}`);
      return parsed.data;
    },
  };
}

/** A tool declared with its input as a zod schema: `execute` gets the parsed, typed input. */
export interface ZodToolDefinition<TSchema extends z.ZodObject> extends Omit<Tool, 'inputSchema' | 'execute'> {
  input: TSchema;
  execute(input: z.output<TSchema>, context: ToolContext): Promise<ToolOutputPart[]>;
}

/**
 * The one way a plugin tool reads its input: the model is shown the schema's JSON form and
 * `execute` gets what zodToolInput's `parse` made of the model's input.
 */
export function defineZodTool<TSchema extends z.ZodObject>(definition: ZodToolDefinition<TSchema>): Tool {
  const { input, execute, ...tool } = definition;
  const { inputSchema, parse } = zodToolInput(input);
  // async, so that input the schema refuses rejects the call as any failure of execute does.
  return { ...tool, inputSchema, execute: async (rawInput, context) => execute(parse(rawInput), context) };
}
