import { z } from 'zod';

/** An optional operator variable as LibreChat reads it: trimmed, and unset when blank. */
export const environmentText = z
  .string()
  .optional()
  .transform((value) => value?.trim() || undefined);

/** A comma list variable (OPENAI_MODELS, AZURE_AI_SEARCH_SEARCH_OPTION_SELECT …) as its items, or undefined when unset. */
export const commaList = (value: string | undefined) => value?.split(',').map((item) => item.trim()).filter(Boolean);
