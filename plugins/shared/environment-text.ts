import { z } from 'zod';

/** An optional operator variable as LibreChat reads it: trimmed, and unset when blank. */
export const environmentText = z
  .string()
  .optional()
  .transform((value) => value?.trim() || undefined);
