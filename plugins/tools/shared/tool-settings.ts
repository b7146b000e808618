import { z } from 'zod';

/**
 * A service's base URL setting, read from the environment core passes a tool plugin: the real
 * service unless the operator (or a test, pointing at a fake) names another http(s) URL. The URL
 * still goes through the tool's guarded fetch, so a loopback fake must be in `ssrf.allowedHosts`.
 */
export function baseUrlSetting(variable: string, realUrl: string) {
  return z
    .string()
    .optional()
    .transform((value) => (value === undefined || value.trim() === '' ? realUrl : value.trim()))
    .pipe(z.url({ error: `${variable} must be an http(s) URL`, protocol: /^https?$/ }))
    .transform((value) => value.replace(/\/+$/, ''));
}

/** A tool's input schema for the model, from the zod schema its execute parses the input with. */
export function toInputSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _dialect, ...inputSchema } = z.toJSONSchema(schema, { io: 'input' });
  return inputSchema;
}

/**
 * Parses a model's input with the tool's schema. Core has validated it against the same schema's
 * JSON form already; this gives the tool typed values, and a readable error should they differ.
 */
export function parseToolInput<Schema extends z.ZodType>(schema: Schema, input: unknown): z.output<Schema> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw new Error(`invalid input: ${parsed.error.issues.map((issue) => `${issue.path.join('.') || 'input'} ${issue.message}`).join('; ')}`);
  return parsed.data;
}
