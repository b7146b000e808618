import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConfigError, loadConfig } from '../../config/index.js';
import { customEndpointProviders } from '../../config/schema/endpoints/index.js';
import type { PluginDefinition, ProviderDiscovery } from '../plugin-api/index.js';
import { providerPlugins } from '../../testing/provider-plugins.js';
import { createPluginRegistry } from '../plugin-host/plugin-registry.js';
import { configuredEndpoints } from './configured-endpoints.js';
import { customEndpointProviderNames } from './custom-endpoint-providers.js';

// Providers core has never heard of: core must find their endpoints through their discovery alone.
const environment = z.object({ ECHO_KEY: z.string().optional(), ECHO_PLACE: z.string().optional(), ECHO_COUNT: z.string().regex(/^\d+$/, 'expected a number').optional() });
const yaml = z.object({ baseURL: z.string().optional(), titleConvo: z.boolean().optional(), streamRate: z.number().optional() });

const echoDiscovery: ProviderDiscovery<z.output<typeof environment>, z.output<typeof yaml>> = {
  environment,
  yamlKey: 'openAI',
  yaml,
  discover: ({ env, yaml: own }) => {
    if (!env.ECHO_KEY) return [];
    const count = Number(env.ECHO_COUNT ?? '1');
    return Array.from({ length: count }, (_, index) => ({
      name: index === 0 ? 'echo' : `echo-${index}`,
      // Every other candidate is served by the relay plugin, which discovers nothing itself.
      plugin: index % 2 === 1 ? 'relay' : undefined,
      settings: { id: `${env.ECHO_KEY}:${own?.baseURL ?? 'none'}` },
      userProvide: env.ECHO_KEY === 'user_provided',
      userProvideURL: false,
      // ECHO_PLACE=n: the first endpoint takes position n, as a librechat.yaml customOrder would.
      order: index === 0 && env.ECHO_PLACE ? Number(env.ECHO_PLACE) : undefined,
      titleConvo: own?.titleConvo,
      streamRate: own?.streamRate,
    }));
  },
};

const provider = (name: string, discovery?: ProviderDiscovery): PluginDefinition<'provider', { id: string }> => ({
  name,
  kind: 'provider',
  discovery,
  configSchema: z.object({ id: z.string() }),
  setup: ({ settings }) => ({
    id: `${name}/${settings.id}`,
    listModels: async () => ['echo-1'],
    async *stream() {
      yield { type: 'finish', finishReason: 'stop' };
    },
  }),
});

const registry = createPluginRegistry([provider('echo', echoDiscovery), provider('relay')]);

// A new provider that turns nothing on by itself but serves librechat.yaml custom endpoints naming it.
const parrotDiscovery: ProviderDiscovery = {
  environment: z.object({}),
  yamlKey: 'parrot',
  yaml: z.unknown(),
  discover: () => [],
  customEndpoint: (entry) => ({ id: `${entry.apiKey}@${entry.baseURL}:${entry.models.default.join('+')}` }),
};
// Beside the built-in providers, as plugins/providers/index.ts would list it: its definition is all it adds.
const parrotAndBuiltIns = [...providerPlugins, provider('parrot', parrotDiscovery)];
const withParrot = createPluginRegistry(parrotAndBuiltIns);
const log = Fastify({ logger: false }).log;
let root: string | undefined;

async function configWith(env: Record<string, string>, yamlText?: string, customEndpointProviders?: string[]) {
  root = mkdtempSync(path.join(tmpdir(), 'chatbox-discovery-'));
  if (yamlText) writeFileSync(path.join(root, 'librechat.yaml'), yamlText);
  return loadConfig({ dataDir: 'data', env, cwd: root, customEndpointProviders });
}

afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = undefined;
});

describe('configured endpoints, found by the provider plugins', () => {
  it('offers what a plugin discovers from its own variables, set up by the plugin that serves it', async () => {
    const endpoints = await configuredEndpoints(await configWith({ ECHO_KEY: 'k', ECHO_COUNT: '2' }), registry, log);
    expect(endpoints.map((endpoint) => [endpoint.name, endpoint.provider.id, endpoint.order])).toEqual([
      ['echo', 'echo/k:none', 6],
      ['echo-1', 'relay/k:none', 7],
    ]);
    expect(endpoints[0]).not.toHaveProperty('settings');
    expect(endpoints[0]).not.toHaveProperty('plugin');
  });

  it('offers nothing when the plugin finds nothing turned on', async () => {
    expect(await configuredEndpoints(await configWith({}), registry, log)).toEqual([]);
  });

  it("checks the plugin's variables at start and names the bad one", async () => {
    const config = await configWith({ ECHO_KEY: 'k', ECHO_COUNT: 'many' });
    const error = await configuredEndpoints(config, registry, log).then(() => undefined, (thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(ConfigError);
    expect(String(error)).toContain('Invalid environment');
    expect(error instanceof ConfigError && error.issues).toEqual([{ path: 'ECHO_COUNT', message: 'expected a number' }]);
  });

  it('hands the plugin its yaml section and lays endpoints.all over its shared settings', async () => {
    const yamlText = ['version: 1.0.6', 'endpoints:', '  all:', '    titleConvo: false', '  openAI:', '    baseURL: "http://proxy.test/v1"', '    titleConvo: true', '    streamRate: 5'].join('\n');
    const [echo] = await configuredEndpoints(await configWith({ ECHO_KEY: 'user_provided' }, yamlText), registry, log);
    expect(echo).toMatchObject({ name: 'echo', userProvide: true, titleConvo: false, streamRate: 5 });
    expect(echo?.provider.id).toBe('echo/user_provided:http://proxy.test/v1');
  });

  it('lets ENDPOINTS limit and order what was found', async () => {
    const endpoints = await configuredEndpoints(await configWith({ ECHO_KEY: 'k', ECHO_COUNT: '3', ENDPOINTS: 'echo-2,echo' }), registry, log);
    expect(endpoints.map((endpoint) => [endpoint.name, endpoint.order])).toEqual([
      ['echo-2', 0],
      ['echo', 1],
    ]);
  });

  it('puts an endpoint placed by customOrder after the one in its default place on the same number', async () => {
    const endpoints = await configuredEndpoints(await configWith({ ECHO_KEY: 'k', ECHO_COUNT: '2', ECHO_PLACE: '7' }), registry, log);
    expect(endpoints.map((endpoint) => [endpoint.name, endpoint.order])).toEqual([
      ['echo-1', 7],
      ['echo', 7],
    ]);
  });

  it('has a custom endpoint naming a registered provider served by that provider, the others by the custom plugin', async () => {
    const yamlText = [
      'version: 1.3.13',
      'endpoints:',
      '  custom:',
      '    - name: Parrot',
      '      provider: parrot',
      '      apiKey: parrot-key',
      '      baseURL: https://parrot.test/v1',
      '      models: { default: [polly, echo] }',
      '      iconURL: https://parrot.test/icon.svg',
      '      modelDisplayLabel: Polly',
      '      customOrder: 2',
      '    - name: Plain',
      '      apiKey: plain-key',
      '      baseURL: https://plain.test/v1',
      '      models: { default: [m] }',
      '    - name: Elsewhere',
      '      provider: bedrock',
      '      apiKey: other-key',
      '      baseURL: https://elsewhere.test/v1',
      '      models: { default: [m] }',
      '',
    ].join('\n');
    // As `chatbox serve` loads it: config told which provider names the plugins serve.
    const config = await configWith({}, yamlText, customEndpointProviderNames(parrotAndBuiltIns));
    const endpoints = await configuredEndpoints(config, withParrot, log);
    expect(endpoints.map((endpoint) => [endpoint.name, endpoint.provider.id])).toEqual([
      ['Parrot', 'parrot/parrot-key@https://parrot.test/v1:polly+echo'],
      ['Plain', 'Plain'],
      ['Elsewhere', 'Elsewhere'],
    ]);
    expect(endpoints[0]).toMatchObject({ type: 'custom', order: 2, iconURL: 'https://parrot.test/icon.svg', modelDisplayLabel: 'Polly', userProvide: false });
    expect(endpoints[0]).not.toHaveProperty('requestedProvider');
    // A provider no plugin serves stays OpenAI-compatible and is named at start; the served one is not.
    expect(config.warnings).toContainEqual(expect.stringMatching(/endpoints\.custom\.provider: bedrock$/));
  });

  it("keeps config's default provider names (for callers without plugins) among those the built-in providers serve", () => {
    // A subset, not a copy: serve and config check pass the registered plugins' names, so a new
    // provider needs no line here.
    expect(customEndpointProviderNames(providerPlugins)).toEqual(expect.arrayContaining([...customEndpointProviders]));
  });
});
