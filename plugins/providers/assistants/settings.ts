import { z } from 'zod';
import { customEndpointSettingsSchema } from '../custom/settings.js';

/** The assistants endpoint without a connection of its own: it only offers the models other endpoints lend it (modelsFrom). */
export const lentModelsOnlySettingsSchema = z.object({ name: z.string().min(1), lentModelsOnly: z.literal(true) });

/** Its own OpenAI-compatible connection (the custom plugin's settings), or none. */
export const assistantsSettingsSchema = z.union([customEndpointSettingsSchema, lentModelsOnlySettingsSchema]);

export type AssistantsProviderSettings = z.input<typeof assistantsSettingsSchema>;
export type ResolvedAssistantsProviderSettings = z.output<typeof assistantsSettingsSchema>;
