import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bearer, buildTestServer, registerUser } from '../testing/build-test-server.js';
import { builtInPlugins } from '../plugins/index.js';
import type { IgnoredGroup } from './ignored-settings.js';
import { validateConfigFile } from './load-config.js';
import { dummyEnvironmentFor, fixturesDir } from './testing/real-configs.js';

const fixture = (version: string) => path.join(fixturesDir, `librechat-${version}.yaml`);

async function check(version: string) {
  const file = fixture(version);
  return validateConfigFile(file, dummyEnvironmentFor(file));
}

/** The ignored keys of one section; `interface` and `modelSpecs` are left to their own tests (they are being implemented). */
const keysOf = (ignored: IgnoredGroup[], section: string) => ignored.find((group) => group.section === section)?.keys ?? [];

describe('a librechat.yaml of each config version', () => {
  it.each(['1.0', '1.1', '1.2', '1.3'])('config %s loads without errors or unknown keys', async (version) => {
    const { errors, warnings } = await check(version);
    expect(errors).toEqual([]);
    expect(warnings).toEqual([]);
  });

  it('1.0: lists the image settings and the summaries chatbox does not do yet; honours assistants, fileStrategy, fileConfig and upload limits', async () => {
    const { ignored } = await check('1.0');
    expect(keysOf(ignored, '')).toEqual(['secureImageLinks', 'imageOutputType']);
    expect(keysOf(ignored, 'rateLimits')).toEqual([]);
    expect(keysOf(ignored, 'endpoints')).toEqual([]);
    expect(keysOf(ignored, 'endpoints.azureOpenAI')).toEqual(['summarize', 'plugins']);
    expect(keysOf(ignored, 'endpoints.custom')).toEqual(['summarize', 'summaryModel', 'forcePrompt']);
  });

  it('1.1: honours the shared endpoint settings (nothing of endpoints is listed)', async () => {
    const { ignored } = await check('1.1');
    expect(ignored.filter((group) => group.section.startsWith('endpoints'))).toEqual([]);
    expect(keysOf(ignored, '')).toEqual([]);
  });

  it('1.2: lists speech, memory, web search, agents and Apple/SAML sign-in; honours balance and MCP servers', async () => {
    const { ignored } = await check('1.2');
    expect(keysOf(ignored, '')).toEqual(expect.arrayContaining(['turnstile', 'speech', 'webSearch', 'memory']));
    // actions.allowedDomains is honoured (issue 19).
    expect(keysOf(ignored, '')).not.toContain('actions');
    expect(keysOf(ignored, 'actions')).toEqual([]);
    expect(keysOf(ignored, '')).not.toContain('balance');
    expect(keysOf(ignored, '')).not.toContain('mcpServers');
    expect(keysOf(ignored, 'mcpServers.everything')).toEqual([]);
    expect(keysOf(ignored, 'rateLimits')).toEqual(['conversationsImport']);
    expect(keysOf(ignored, 'fileConfig')).toEqual(['clientImageResize', 'imageGeneration']);
    expect(keysOf(ignored, 'endpoints')).toEqual(['bedrock']);
    // The agents section is read for its recursionLimit (the agent loop's step limit) only.
    expect(keysOf(ignored, 'endpoints.agents')).toEqual(['disableBuilder', 'capabilities']);
    expect(keysOf(ignored, 'endpoints.custom')).toEqual(['titlePrompt', 'customParams', 'directEndpoint', 'titleMessageRole']);
    expect(keysOf(ignored, 'registration.socialLogins')).toEqual(['apple', 'saml']);
    expect(keysOf(ignored, 'endpoints.anthropic')).toEqual([]);
  });

  it('1.3: lists Vertex AI, header placeholders and the new top-level sections; honours provider: anthropic', async () => {
    const { ignored } = await check('1.3');
    expect(keysOf(ignored, '')).toEqual(expect.arrayContaining(['fileStrategies', 'transactions', 'ocr', 'mcpSettings', 'scheduledTasks']));
    expect(keysOf(ignored, 'endpoints.openAI')).toEqual(['headers']);
    expect(keysOf(ignored, 'endpoints.google')).toEqual(['titlePromptTemplate']);
    expect(keysOf(ignored, 'endpoints.anthropic')).toEqual(['vertex']);
    expect(keysOf(ignored, 'endpoints.custom')).toEqual(['titleTiming', 'tokenConfig']);
    expect(keysOf(ignored, 'endpoints.custom.provider')).toEqual([]);
    expect(keysOf(ignored, 'registration.socialLogins')).toEqual(['saml']);
  });

  it.each(['1.0', '1.1', '1.2', '1.3'])('config %s starts a server that lists its custom endpoints with their icon and label', async (version) => {
    const file = fixture(version);
    const app = await buildTestServer({ configPath: file, env: dummyEnvironmentFor(file), plugins: builtInPlugins });
    try {
      const user = await registerUser(app, { email: 'someone@example.com' });
      const endpoints = (await app.inject({ method: 'GET', url: '/api/endpoints', headers: bearer(user) })).json();
      for (const custom of app.config.yaml.endpoints?.custom ?? []) {
        expect(endpoints[custom.name]).toMatchObject({ type: 'custom' });
        if (custom.iconURL) expect(endpoints[custom.name].iconURL).toBe(custom.iconURL);
        if (custom.modelDisplayLabel) expect(endpoints[custom.name].modelDisplayLabel).toBe(custom.modelDisplayLabel);
      }
    } finally {
      await app.close();
    }
  });
});
