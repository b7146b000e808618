import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { validateConfigFile } from './load-config.js';
import { parseYaml } from './read-source.js';
import { validateConfig } from './validate.js';

const examplePath = fileURLToPath(new URL('../librechat.yaml.example', import.meta.url));
const exampleEnv = {
  AZURE_EASTUS_API_KEY: 'azure-key-1',
  AZURE_MISTRAL_API_KEY: 'azure-key-2',
  OPENROUTER_KEY: 'sk-or-1',
  APP_TITLE: 'chatbox',
};

describe('librechat.yaml.example', () => {
  it('validates without errors or warnings when its variables are set', async () => {
    expect(await validateConfigFile(examplePath, exampleEnv)).toMatchObject({ errors: [], warnings: [] });
  });

  it('only warns about the unset variables otherwise', async () => {
    const { errors, warnings } = await validateConfigFile(examplePath, {});
    expect(errors).toEqual([]);
    expect(warnings.map((warning) => warning.path)).toEqual([
      'endpoints.azureOpenAI.groups[0].apiKey',
      'endpoints.azureOpenAI.groups[1].apiKey',
      'endpoints.custom[1].apiKey',
      'endpoints.custom[1].headers.X-Title',
    ]);
  });

  it('shows every section, including the chatbox-only ssrf allowlist', () => {
    const { document } = parseYaml(readFileSync(examplePath, 'utf8'));
    const { config } = validateConfig(document, exampleEnv);
    expect(Object.keys(document as object)).toEqual(
      expect.arrayContaining(['version', 'cache', 'fileStrategy', 'secureImageLinks', 'imageOutputType', 'interface', 'registration', 'balance', 'rateLimits', 'fileConfig', 'endpoints', 'ssrf']),
    );
    expect(config?.endpoints?.azureOpenAI?.groups.map((group) => group.group)).toEqual(['eastus', 'mistral-serverless']);
    expect(config?.endpoints?.assistants).toBeDefined();
    expect(config?.endpoints?.custom?.map((endpoint) => endpoint.name)).toEqual(['Ollama', 'OpenRouter', 'Groq', 'My Proxy']);
    expect(config?.endpoints?.custom?.[2].apiKey).toBe('user_provided');
    expect(config?.ssrf.allowedHosts.length).toBeGreaterThan(0);
    expect(config?.balance).toEqual({ enabled: false, startBalance: 20000, autoRefillEnabled: false, refillIntervalValue: 30, refillIntervalUnit: 'days', refillAmount: 10000 });
  });
});
