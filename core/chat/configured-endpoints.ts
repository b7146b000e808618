import type { FastifyBaseLogger } from 'fastify';
import type { ChatboxConfig } from '../../config/types.js';
import type { ChatProvider } from '../plugin-api/index.js';
import type { EndpointEntry } from '../server/endpoints-plugin.js';
import type { PluginRegistry } from '../server/plugin-registry.js';
import { toPluginLogger } from '../server/plugin-logger.js';

const USER_PROVIDED = 'user_provided';
/** LibreChat's default order of the built-in endpoints; custom endpoints follow. */
const builtInOrder = ['openAI', 'assistants', 'azureOpenAI', 'gptPlugins', 'google', 'anthropic'];

const list = (value: string | undefined) => value?.split(',').map((item) => item.trim()).filter(Boolean);

interface Candidate {
  name: string;
  plugin: string;
  settings: unknown;
  entry: Omit<EndpointEntry, 'provider' | 'order' | 'name'> & { order?: number };
}

/** Which endpoints the environment and librechat.yaml turn on, with the settings of their plugin. */
function candidates(config: ChatboxConfig): Candidate[] {
  const { env, yaml } = config;
  const found: Candidate[] = [];
  const keyed = (name: string, plugin: string, apiKey: string | undefined, settings: Record<string, unknown>) => {
    if (!apiKey) return;
    found.push({ name, plugin, settings: { apiKey, ...settings }, entry: { userProvide: apiKey === USER_PROVIDED, userProvideURL: false } });
  };
  keyed('openAI', 'openAI', env.OPENAI_API_KEY, { baseURL: env.OPENAI_REVERSE_PROXY, models: list(env.OPENAI_MODELS) });
  keyed('anthropic', 'anthropic', env.ANTHROPIC_API_KEY, { baseURL: env.ANTHROPIC_REVERSE_PROXY, models: list(env.ANTHROPIC_MODELS) });
  keyed('google', 'google', env.GOOGLE_KEY, { baseURL: env.GOOGLE_REVERSE_PROXY, models: list(env.GOOGLE_MODELS) });

  const azure = yaml.endpoints?.azureOpenAI;
  if (azure) {
    found.push({
      name: 'azureOpenAI', plugin: 'azureOpenAI', settings: { groups: azure.groups, models: list(env.AZURE_OPENAI_MODELS) },
      entry: { userProvide: false, userProvideURL: false, azure: true, titleConvo: azure.titleConvo, titleModel: azure.titleModel, order: azure.customOrder, timeoutMs: azure.timeoutMs },
    });
  } else if (env.AZURE_API_KEY === USER_PROVIDED) {
    found.push({ name: 'azureOpenAI', plugin: 'azureOpenAI', settings: { models: list(env.AZURE_OPENAI_MODELS) }, entry: { userProvide: true, userProvideURL: false, azure: true } });
  }

  for (const custom of yaml.endpoints?.custom ?? []) {
    found.push({
      name: custom.name, plugin: 'custom', settings: custom,
      entry: {
        type: 'custom', userProvide: custom.apiKey === USER_PROVIDED, userProvideURL: custom.baseURL === USER_PROVIDED,
        iconURL: custom.iconURL, modelDisplayLabel: custom.modelDisplayLabel, titleConvo: custom.titleConvo, titleModel: custom.titleModel, order: custom.customOrder,
        timeoutMs: custom.timeoutMs,
      },
    });
  }
  return found;
}

/**
 * Sets up the provider plugin of every endpoint the configuration turns on. ENDPOINTS (a comma list,
 * as in LibreChat) limits and orders them.
 */
export async function configuredEndpoints(config: ChatboxConfig, plugins: PluginRegistry, log: FastifyBaseLogger): Promise<EndpointEntry[]> {
  const only = list(config.env.ENDPOINTS);
  const entries: EndpointEntry[] = [];
  for (const [index, candidate] of candidates(config).entries()) {
    if (only && !only.includes(candidate.name) && !(candidate.entry.type === 'custom' && only.includes('custom'))) continue;
    const pluginLog = toPluginLogger(log.child({ endpoint: candidate.name }));
    const provider = await plugins.setup<ChatProvider>('provider', candidate.plugin, candidate.settings, pluginLog);
    const position = only ? only.indexOf(candidate.name) : builtInOrder.indexOf(candidate.name);
    const order = candidate.entry.order ?? (position >= 0 ? position : builtInOrder.length + index);
    entries.push({ ...candidate.entry, name: candidate.name, order, provider });
  }
  return entries.sort((a, b) => a.order - b.order);
}
