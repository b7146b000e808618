import type { z } from 'zod';
import { authMessageText } from '../protocol/auth-messages.js';
import { ValidationError } from '../errors/index.js';

/**
 * Validates a request part against its zod schema. The first issue becomes the 400's message (in
 * English: schema messages are keys the UI translates); every issue is in details.
 */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => ({
    path: issue.path.join('.'),
    message: authMessageText(issue.message),
  }));
  throw new ValidationError(issues[0].message, { issues });
}
