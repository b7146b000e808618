import type { FastifyBaseLogger } from 'fastify';
import type { CustomEndpointConfig, SharedEndpointConfig } from '../../config/index.js';
import type { ChatboxConfig } from '../../config/types.js';
import type { ChatProvider } from '../plugin-api/index.js';
import type { ConfiguredEndpoint } from './configured-endpoint.js';
import type { PluginRegistry } from '../plugin-host/plugin-registry.js';
import { toPluginLogger } from '../plugin-host/plugin-logger.js';

const USER_PROVIDED = 'user_provided';
/** LibreChat's default order of the built-in endpoints; custom endpoints follow. */
const builtInOrder = ['openAI', 'assistants', 'azureOpenAI', 'gptPlugins', 'google', 'anthropic'];

const list = (value: string | undefined) => value?.split(',').map((item) => item.trim()).filter(Boolean);

interface Candidate {
  name: string;
  plugin: string;
  settings: unknown;
  entry: Omit<ConfiguredEndpoint, 'provider' | 'order' | 'name'> & { order?: number };
}

/**
 * The title and stream settings of one endpoint: its own, with `endpoints.all` over them (LibreChat's
 * rule: `all` overrides every endpoint's shared settings).
 */
function sharedSettings(all: SharedEndpointConfig | undefined, own: SharedEndpointConfig | undefined): Pick<ConfiguredEndpoint, 'titleConvo' | 'titleModel' | 'streamRate'> {
  return {
    titleConvo: all?.titleConvo ?? own?.titleConvo,
    titleModel: all?.titleModel ?? own?.titleModel,
    streamRate: all?.streamRate ?? own?.streamRate,
  };
}

/** Which endpoints the environment and librechat.yaml turn on, with the settings of their plugin. */
function candidates(config: ChatboxConfig): Candidate[] {
  const { env, yaml } = config;
  const endpoints = yaml.endpoints;
  const shared = (own: SharedEndpointConfig | undefined) => sharedSettings(endpoints?.all, own);
  const found: Candidate[] = [];
  const keyed = (name: string, plugin: string, apiKey: string | undefined, settings: Record<string, unknown>, own: SharedEndpointConfig | undefined) => {
    if (!apiKey) return;
    found.push({ name, plugin, settings: { apiKey, ...settings }, entry: { userProvide: apiKey === USER_PROVIDED, userProvideURL: false, ...shared(own) } });
  };
  // The yaml's baseURL and model list win over the environment's, as in LibreChat.
  const { openAI, anthropic, google } = endpoints ?? {};
  keyed('openAI', 'openAI', env.OPENAI_API_KEY, { baseURL: openAI?.baseURL ?? env.OPENAI_REVERSE_PROXY, models: list(env.OPENAI_MODELS) }, openAI);
  keyed('anthropic', 'anthropic', env.ANTHROPIC_API_KEY, { baseURL: anthropic?.baseURL ?? env.ANTHROPIC_REVERSE_PROXY, models: anthropic?.models ?? list(env.ANTHROPIC_MODELS) }, anthropic);
  keyed('google', 'google', env.GOOGLE_KEY, { baseURL: google?.baseURL ?? env.GOOGLE_REVERSE_PROXY, models: list(env.GOOGLE_MODELS) }, google);

  const azure = endpoints?.azureOpenAI;
  if (azure) {
    found.push({
      name: 'azureOpenAI', plugin: 'azureOpenAI', settings: { groups: azure.groups, models: list(env.AZURE_OPENAI_MODELS) },
      entry: { userProvide: false, userProvideURL: false, azure: true, ...shared(azure), order: azure.customOrder, timeoutMs: azure.timeoutMs },
    });
  } else if (env.AZURE_API_KEY === USER_PROVIDED) {
    found.push({
      name: 'azureOpenAI', plugin: 'azureOpenAI', settings: { models: list(env.AZURE_OPENAI_MODELS) },
      entry: { userProvide: true, userProvideURL: false, azure: true, ...shared(undefined) },
    });
  }

  for (const custom of endpoints?.custom ?? []) {
    found.push({
      name: custom.name, ...customClient(custom),
      entry: {
        type: 'custom', userProvide: custom.apiKey === USER_PROVIDED, userProvideURL: custom.baseURL === USER_PROVIDED,
        iconURL: custom.iconURL, modelDisplayLabel: custom.modelDisplayLabel, ...shared(custom), order: custom.customOrder,
        timeoutMs: custom.timeoutMs,
      },
    });
  }
  return found;
}

/**
 * `provider: anthropic` (config 1.3) talks to the endpoint with the native Messages API client; its
 * models are the listed ones (LibreChat does not fetch them: `/models` is an OpenAI convention).
 * Anything else is OpenAI-compatible (other provider names are listed as ignored at start).
 */
function customClient(custom: CustomEndpointConfig): Pick<Candidate, 'plugin' | 'settings'> {
  if (custom.provider !== 'anthropic') return { plugin: 'custom', settings: custom };
  return { plugin: 'anthropic', settings: { apiKey: custom.apiKey, baseURL: custom.baseURL, models: custom.models.default, headers: custom.headers } };
}

/**
 * Sets up the provider plugin of every endpoint the configuration turns on. ENDPOINTS (a comma list,
 * as in LibreChat) limits and orders them.
 */
export async function configuredEndpoints(config: ChatboxConfig, plugins: PluginRegistry, log: FastifyBaseLogger): Promise<ConfiguredEndpoint[]> {
  const only = list(config.env.ENDPOINTS);
  const entries: ConfiguredEndpoint[] = [];
  for (const [index, candidate] of candidates(config).entries()) {
    if (only && !only.includes(candidate.name) && !(candidate.entry.type === 'custom' && only.includes('custom'))) continue;
    const pluginLog = toPluginLogger(log.child({ endpoint: candidate.name }));
    const provider = await plugins.setup('provider', candidate.plugin, candidate.settings, pluginLog);
    const position = only ? only.indexOf(candidate.name) : builtInOrder.indexOf(candidate.name);
    const order = candidate.entry.order ?? (position >= 0 ? position : builtInOrder.length + index);
    entries.push({ ...candidate.entry, name: candidate.name, order, provider });
  }
  return entries.sort((a, b) => a.order - b.order);
}
