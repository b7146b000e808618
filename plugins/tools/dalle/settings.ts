import { z } from 'zod';
import { environmentText } from '../../shared/environment-text.js';

/** DALL-E-3's operator variables, LibreChat's names (read from the environment at boot). */
export const dalleSettingsSchema = z.object({
  DALLE3_BASEURL: environmentText,
  DALLE_REVERSE_PROXY: environmentText,
  DALLE3_AZURE_API_VERSION: environmentText,
  DALLE3_SYSTEM_PROMPT: environmentText,
  /** chatbox's own: the model, `dall-e-3` unless the operator picks a gpt-image model. */
  DALLE3_MODEL: environmentText,
});

export type DalleSettings = z.output<typeof dalleSettingsSchema>;
