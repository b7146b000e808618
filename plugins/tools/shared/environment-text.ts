import { z } from 'zod';

/** An optional operator variable: unset, blank and whitespace all mean "not set". */
export const environmentText = z
  .string()
  .optional()
  .transform((value) => value?.trim() || undefined);
