import { z } from 'zod';

/**
 * A tool's input as one zod schema: the JSON Schema the model is shown (as an input, so fields with
 * defaults are optional) and the parser `execute` reads its input with, so they cannot drift. Core
 * has validated the input against the same JSON Schema already; `parse` gives the tool typed values,
 * and a readable error should they differ.
 */
export function zodToolInput<TSchema extends z.ZodObject>(schema: TSchema): { inputSchema: Record<string, unknown>; parse: (input: unknown) => z.output<TSchema> } {
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
