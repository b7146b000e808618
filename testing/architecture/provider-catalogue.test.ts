import { describe, expect, it } from 'vitest';
import { builtInEndpointNames } from '../../core/protocol/endpoint-catalogue.js';
import { builtInPlugins } from '../../plugins/index.js';

// Everything a variable or a yaml section of the built-in providers can turn on.
const everyVariable = { OPENAI_API_KEY: 'k', ANTHROPIC_API_KEY: 'k', GOOGLE_KEY: 'k', AZURE_API_KEY: 'user_provided' };
const customEntry = { name: 'Mine', apiKey: 'k', baseURL: 'http://x', models: { default: ['m'] } };

describe('provider plugins and the endpoint catalogue', () => {
  it('every endpoint a built-in provider turns on by its own name has a catalogue entry (label, actions, parameters)', () => {
    const names = builtInPlugins.flatMap((plugin) => {
      const discovery = plugin.discovery;
      if (!discovery) return [];
      const env = discovery.environment.safeParse(everyVariable);
      const yaml = discovery.yamlKey === 'custom' ? discovery.yaml.safeParse([customEntry]) : undefined;
      if (!env.success || (yaml && !yaml.success)) throw new Error(`${plugin.name}: cannot read the sample configuration`);
      return discovery.discover({ env: env.data, yaml: yaml?.success ? yaml.data : undefined }).filter((candidate) => candidate.type !== 'custom').map((candidate) => candidate.name);
    });
    expect(names.sort()).toEqual(['anthropic', 'azureOpenAI', 'google', 'gptPlugins', 'openAI']);
    for (const name of names) expect(builtInEndpointNames).toContain(name);
  });
});
