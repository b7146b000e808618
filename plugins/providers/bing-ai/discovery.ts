import { z } from 'zod';
import type { ProviderDiscovery } from '../../../core/plugin-api/index.js';
import { environmentText, keyedEndpoint, sharedYamlShape } from '../../shared/endpoint-discovery.js';
import { chatHubUrl, bingSettingsSchema } from './settings.js';

const environment = z.object({ BINGAI_TOKEN: environmentText, BINGAI_HOST: environmentText });
const yaml = z.object({ ...sharedYamlShape });

/**
 * BINGAI_TOKEN turns the bingAI endpoint on, as in LibreChat (`user_provided`: each user saves their
 * own cookie under the key name `bingAI`); BINGAI_HOST points it at a compatible reverse proxy.
 */
export const bingDiscovery: ProviderDiscovery<z.output<typeof environment>, z.output<typeof yaml>> = {
  environment,
  yamlKey: 'bingAI',
  yaml,
  discover: ({ env, yaml: own }) => {
    const host = env.BINGAI_HOST;
    const socketURL = chatHubUrl(bingSettingsSchema.parse({ host }), host !== undefined);
    return keyedEndpoint({ name: 'bingAI', apiKey: env.BINGAI_TOKEN, settings: { ...(host ? { host } : {}), socketURL }, own });
  },
};
