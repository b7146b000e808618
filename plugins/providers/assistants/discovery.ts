import { z } from 'zod';
import type { ProviderDiscovery } from '../../../core/plugin-api/index.js';
import { USER_PROVIDED, commaList, environmentText, sharedSettings, sharedYamlShape } from '../../shared/endpoint-discovery.js';
import { defaultOpenAIModels } from '../openai/settings.js';
import type { AssistantsProviderSettings } from './settings.js';

const environment = z.object({ ASSISTANTS_API_KEY: environmentText, ASSISTANTS_BASE_URL: environmentText, ASSISTANTS_MODELS: environmentText, ASSISTANTS_MODELS_FROM: environmentText });
const yaml = z.object({
  ...sharedYamlShape,
  modelsFrom: z.array(z.string()).optional(),
  apiKey: z.string().optional(),
  baseURL: z.string().optional(),
  models: z.object({ default: z.array(z.string()).optional(), fetch: z.boolean().optional() }).optional(),
  headers: z.record(z.string(), z.string()).optional(),
});

/** Where LibreChat's assistants went when no base URL is set; OpenAI's chat completions still answer there. */
const openAIBaseURL = 'https://api.openai.com/v1';

/**
 * The assistants endpoint's connection: `endpoints.assistants` apiKey / baseURL / models in
 * librechat.yaml, else ASSISTANTS_API_KEY / ASSISTANTS_BASE_URL / ASSISTANTS_MODELS as LibreChat reads
 * them; a key turns it on (`user_provided`: each user brings one through the key dialog). OpenAI's
 * Assistants API is gone, so runs call the model over chat completions: the endpoint is served by the
 * custom plugin's OpenAI-compatible client. Without a model list the models are fetched from
 * `/models`, falling back to OpenAI's defaults. Without a key, `modelsFrom` (else
 * ASSISTANTS_MODELS_FROM) naming endpoints turns it on with no connection of its own: it offers
 * the models those endpoints lend it, and core checks the names.
 */
export const assistantsDiscovery: ProviderDiscovery<z.output<typeof environment>, z.output<typeof yaml>> = {
  environment,
  yamlKey: 'assistants',
  yaml,
  discover: ({ env, yaml: own }) => {
    const apiKey = own?.apiKey ?? env.ASSISTANTS_API_KEY;
    if (!apiKey) {
      const lends = (own?.modelsFrom?.length ?? 0) > 0 || (commaList(env.ASSISTANTS_MODELS_FROM)?.length ?? 0) > 0;
      const lentModelsOnly: AssistantsProviderSettings = { name: 'assistants', lentModelsOnly: true };
      return lends ? [{ name: 'assistants', settings: lentModelsOnly, userProvide: false, userProvideURL: false, ...sharedSettings(own) }] : [];
    }
    const baseURL = own?.baseURL ?? env.ASSISTANTS_BASE_URL ?? openAIBaseURL;
    const listed = own?.models?.default ?? commaList(env.ASSISTANTS_MODELS);
    const settings: AssistantsProviderSettings = {
      name: 'assistants',
      apiKey,
      baseURL,
      models: { default: listed?.length ? listed : defaultOpenAIModels, fetch: own?.models?.fetch ?? !listed?.length },
      headers: own?.headers,
    };
    return [{ name: 'assistants', settings, userProvide: apiKey === USER_PROVIDED, userProvideURL: baseURL === USER_PROVIDED, ...sharedSettings(own) }];
  },
};
