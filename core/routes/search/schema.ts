import { z } from 'zod';

const pageField = (field: string, maximum: number) =>
  z.coerce
    .number({ message: `${field} must be a number` })
    .int(`${field} must be a whole number`)
    .min(1, `${field} must be at least 1`)
    .max(maximum, `${field} must be at most ${maximum}`);

/** GET /api/search: q is required; its words are all that is used, so any text is accepted. */
export const searchQuerySchema = z.object({
  q: z.string({ message: 'q is required' }).trim().min(1, 'q is required').max(500, 'q must be at most 500 characters'),
  pageNumber: pageField('pageNumber', 10_000).default(1),
  pageSize: pageField('pageSize', 100).default(25),
});
