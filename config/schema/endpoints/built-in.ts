import { z } from 'zod';
import { titleMethodSchema } from '../common.js';

/**
 * The settings LibreChat (config 1.1+) shares between endpoints that chatbox honours. The others
 * (titlePrompt, titleEndpoint, headers with {{LIBRECHAT_USER_*}} placeholders, …) are listed as
 * ignored at start (see librechat-keys.ts).
 */
export const sharedEndpointShape = {
  titleConvo: z.boolean().optional(),
  titleModel: z.string().min(1).optional(),
  titleMethod: titleMethodSchema.optional(),
  /** Milliseconds to wait after each streamed chunk, to slow a fast stream down for the reader. */
  streamRate: z.number().nonnegative().optional(),
};

/** `endpoints.all`: shared settings that override those of every endpoint, as in LibreChat. */
export const allEndpointsSchema = z.strictObject(sharedEndpointShape);

/** `endpoints.openAI` and `endpoints.google`: shared settings plus a reverse proxy that wins over the environment's. */
export const builtInEndpointSchema = z.strictObject({ ...sharedEndpointShape, baseURL: z.string().min(1).optional() });

/** `endpoints.anthropic`: as the others, plus the model list (wins over ANTHROPIC_MODELS). */
export const anthropicEndpointSchema = z.strictObject({
  ...sharedEndpointShape,
  baseURL: z.string().min(1).optional(),
  models: z.array(z.string().min(1)).min(1, { error: 'a model list needs at least one entry' }).optional(),
});

export type SharedEndpointConfig = z.output<typeof allEndpointsSchema>;
export type BuiltInEndpointConfig = z.output<typeof builtInEndpointSchema>;
export type AnthropicEndpointConfig = z.output<typeof anthropicEndpointSchema>;
