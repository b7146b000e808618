import { z } from 'zod';
import { connectionSettingsShape } from '../../shared/connection-settings.js';

/**
 * One entry of `endpoints.custom` (librechat.yaml 1.0.6), taken as is from the yaml; the provider is
 * set up once per entry and its id is `name`. Title, summary and display keys are ignored here.
 * - `apiKey`, `baseURL`: literal or `user_provided` (then StreamOptions.credentials must carry them).
 *   A baseURL ending in `/chat/completions` is accepted and cut.
 * - `models.default`: the list shown; `models.fetch`: ask `{baseURL}/models` instead, falling back to
 *   the defaults; `models.userIdQuery`: add `?user=<chatbox user id>` to that request.
 * - `headers`: sent with every request. `addParams`: merged over the request body (e.g.
 *   `stream_options: {include_usage: true}` for servers that report usage only on request).
 *   `dropParams`: body fields removed last (stop, user, frequency_penalty, presence_penalty …).
 * - `timeoutMs`, `maxRetries`: see connection-settings.
 */
export const customEndpointSettingsSchema = z.object({
  name: z.string().min(1),
  apiKey: z.string(),
  baseURL: z.string(),
  models: z.object({
    default: z.array(z.string()).min(1),
    fetch: z.boolean().optional(),
    userIdQuery: z.boolean().optional(),
  }),
  addParams: z.record(z.string(), z.unknown()).optional(),
  dropParams: z.array(z.string()).optional(),
  ...connectionSettingsShape,
});

export type CustomEndpointSettings = z.input<typeof customEndpointSettingsSchema>;
export type ResolvedCustomEndpointSettings = z.output<typeof customEndpointSettingsSchema>;
