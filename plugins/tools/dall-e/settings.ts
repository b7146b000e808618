import { z } from 'zod';
import { environmentText } from '../../shared/environment-text.js';

/** DALL-E (2)'s operator variables, LibreChat's names (read from the environment at boot). */
export const dallESettingsSchema = z.object({
  DALLE2_BASEURL: environmentText,
  DALLE_REVERSE_PROXY: environmentText,
  DALLE2_AZURE_API_VERSION: environmentText,
  DALLE2_SYSTEM_PROMPT: environmentText,
});

export type DallESettings = z.output<typeof dallESettingsSchema>;
