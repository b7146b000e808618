import { z } from 'zod';
import type { EndpointCandidate } from '../../core/plugin-api/index.js';

/** The key or base URL value meaning "each user brings their own" (LibreChat's). */
export const USER_PROVIDED = 'user_provided';

/** Re-exported for the provider plugins, which read their variables next to the discovery helpers. */
export { commaList, environmentText } from './environment-text.js';

/**
 * The shared settings of librechat.yaml an endpoint section carries (config validated them); core
 * lays `endpoints.all` over them.
 */
export const sharedYamlShape = {
  titleConvo: z.boolean().optional(),
  titleModel: z.string().optional(),
  streamRate: z.number().optional(),
};

type SharedYaml = Pick<EndpointCandidate, 'titleConvo' | 'titleModel' | 'streamRate'>;

/** The shared settings of a section, as candidate fields. */
export const sharedSettings = (own: SharedYaml | undefined): SharedYaml => ({ titleConvo: own?.titleConvo, titleModel: own?.titleModel, streamRate: own?.streamRate });

interface KeyedEndpoint {
  name: string;
  /** The key from the environment: unset means the endpoint is off; `user_provided` means each user brings one. */
  apiKey: string | undefined;
  /** The plugin settings besides the key. */
  settings: Record<string, unknown>;
  /** The endpoint's librechat.yaml section. */
  own: SharedYaml | undefined;
}

/** A built-in endpoint an API key in the environment turns on (openAI, anthropic, google). */
export function keyedEndpoint({ name, apiKey, settings, own }: KeyedEndpoint): EndpointCandidate[] {
  if (!apiKey) return [];
  return [{ name, settings: { apiKey, ...settings }, userProvide: apiKey === USER_PROVIDED, userProvideURL: false, ...sharedSettings(own) }];
}
