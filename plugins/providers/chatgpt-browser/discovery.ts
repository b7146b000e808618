import { z } from 'zod';
import type { ProviderDiscovery } from '../../../core/plugin-api/index.js';
import { commaList, environmentText, keyedEndpoint, sharedYamlShape } from '../../shared/endpoint-discovery.js';

const environment = z.object({ CHATGPT_TOKEN: environmentText, CHATGPT_REVERSE_PROXY: environmentText, CHATGPT_MODELS: environmentText });
const yaml = z.object({ ...sharedYamlShape });

/**
 * CHATGPT_TOKEN turns the chatGPTBrowser endpoint on, as in LibreChat (`user_provided`: each user
 * saves their access token under the key name `chatGPTBrowser`); CHATGPT_REVERSE_PROXY is the
 * compatible backend's `conversation` URL, CHATGPT_MODELS the model list.
 */
export const chatGPTBrowserDiscovery: ProviderDiscovery<z.output<typeof environment>, z.output<typeof yaml>> = {
  environment,
  yamlKey: 'chatGPTBrowser',
  yaml,
  discover: ({ env, yaml: own }) =>
    keyedEndpoint({
      name: 'chatGPTBrowser',
      apiKey: env.CHATGPT_TOKEN,
      settings: { ...(env.CHATGPT_REVERSE_PROXY ? { reverseProxyUrl: env.CHATGPT_REVERSE_PROXY } : {}), models: commaList(env.CHATGPT_MODELS) },
      own,
    }),
};
