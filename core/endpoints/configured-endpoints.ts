import type { FastifyBaseLogger } from 'fastify';
import { ConfigError, invalidEnvironment, type SharedEndpointConfig } from '../../config/index.js';
import type { ChatboxConfig } from '../../config/types.js';
import type { EndpointCandidate, PluginDefinition, ProviderDiscovery } from '../plugin-api/index.js';
import { defaultEndpointOrder } from '../protocol/endpoint-catalogue.js';
import type { ConfiguredEndpoint } from './configured-endpoint.js';
import type { PluginRegistry } from '../plugin-host/plugin-registry.js';
import { toPluginLogger } from '../plugin-host/plugin-logger.js';

const list = (value: string | undefined) => value?.split(',').map((item) => item.trim()).filter(Boolean);

/** A candidate with the plugin that serves it, and that plugin's settings, decided. */
type Found = Omit<EndpointCandidate, 'requestedProvider'> & { plugin: string };

/**
 * The title and stream settings of one endpoint: its own, with `endpoints.all` over them (LibreChat's
 * rule: `all` overrides every endpoint's shared settings).
 */
function withAllOver(all: SharedEndpointConfig | undefined, own: EndpointCandidate): EndpointCandidate {
  return { ...own, titleConvo: all?.titleConvo ?? own.titleConvo, titleModel: all?.titleModel ?? own.titleModel, streamRate: all?.streamRate ?? own.streamRate };
}

/** librechat.yaml's `endpoints.<key>` as written (config validated it), or undefined. */
function yamlSection(config: ChatboxConfig, key: string): unknown {
  return new Map<string, unknown>(Object.entries(config.yaml.endpoints ?? {})).get(key);
}

/**
 * One plugin's candidates, from its own environment variables and yaml section. A custom endpoint
 * asking for another provider goes to that plugin when it serves custom endpoints.
 */
function discoverWith(config: ChatboxConfig, plugins: PluginRegistry, definition: PluginDefinition<'provider'>, discovery: ProviderDiscovery): Found[] {
  const env = discovery.environment.safeParse(config.rawEnv);
  if (!env.success) throw invalidEnvironment(env.error.issues);
  const section = yamlSection(config, discovery.yamlKey);
  let yaml: unknown;
  if (section !== undefined) {
    const parsed = discovery.yaml.safeParse(section);
    // Config validated the section already: a failure here is a plugin reading it wrongly.
    if (!parsed.success) {
      const issues = parsed.error.issues.map((issue) => ({ path: ['endpoints', discovery.yamlKey, ...issue.path.map(String)].join('.'), message: issue.message }));
      throw new ConfigError(issues, `The ${definition.name} provider plugin cannot read endpoints.${discovery.yamlKey}`);
    }
    yaml = parsed.data;
  }
  return discovery.discover({ env: env.data, yaml }).map(({ requestedProvider, ...candidate }) => {
    const server = requestedProvider && discoveryOf(plugins, requestedProvider.name);
    if (requestedProvider && server?.customEndpoint) return { ...candidate, plugin: requestedProvider.name, settings: server.customEndpoint(requestedProvider.entry) };
    return { ...candidate, plugin: candidate.plugin ?? definition.name };
  });
}

/**
 * The discovery of the registered provider plugin `name`; it serves custom endpoints when it has
 * `customEndpoint` (otherwise the entry stays with the plugin that found it).
 */
function discoveryOf(plugins: PluginRegistry, name: string): ProviderDiscovery | undefined {
  return plugins.list('provider').find((definition) => definition.name === name)?.discovery;
}

/**
 * Which endpoints the environment and librechat.yaml turn on: each registered provider plugin says
 * which of its own (in the order the plugins are registered), with the settings of the plugin that serves it.
 */
function candidates(config: ChatboxConfig, plugins: PluginRegistry): Found[] {
  const all = config.yaml.endpoints?.all;
  const found = plugins
    .list('provider')
    .flatMap((definition) => (definition.discovery ? discoverWith(config, plugins, definition, definition.discovery) : []))
    .map((candidate) => ({ ...withAllOver(all, candidate), plugin: candidate.plugin }));
  // Two plugins may offer one endpoint: the plugins endpoint comes with the OpenAI key, and with an
  // Azure section's `plugins: true`, which LibreChat prefers. The plugin registered later serves it
  // (in the place the first one was found).
  const byName = new Map<string, Found>();
  for (const candidate of found) byName.set(candidate.name, candidate);
  return [...byName.values()];
}

/**
 * Sets up the provider plugin of every endpoint the configuration turns on. ENDPOINTS (a comma list,
 * as in LibreChat) limits and orders them; otherwise the catalogue's default order applies, then
 * librechat.yaml's customOrder.
 */
export async function configuredEndpoints(config: ChatboxConfig, plugins: PluginRegistry, log: FastifyBaseLogger): Promise<ConfiguredEndpoint[]> {
  const only = list(config.env.ENDPOINTS);
  const entries: Array<{ endpoint: ConfiguredEndpoint; placed: boolean }> = [];
  for (const [index, { plugin, settings, ...candidate }] of candidates(config, plugins).entries()) {
    if (only && !only.includes(candidate.name) && !(candidate.type === 'custom' && only.includes('custom'))) continue;
    const pluginLog = toPluginLogger(log.child({ endpoint: candidate.name }));
    const provider = await plugins.setup('provider', plugin, settings, pluginLog);
    const position = only ? only.indexOf(candidate.name) : defaultEndpointOrder.indexOf(candidate.name);
    const order = candidate.order ?? (position >= 0 ? position : defaultEndpointOrder.length + index);
    entries.push({ endpoint: { ...candidate, order, provider }, placed: candidate.order !== undefined });
  }
  // On one number, an endpoint in its default place comes before one a customOrder put there (as when
  // core listed the key-enabled endpoints before the yaml's); otherwise the order they were found.
  return entries.sort((a, b) => a.endpoint.order - b.endpoint.order || Number(a.placed) - Number(b.placed)).map(({ endpoint }) => endpoint);
}
