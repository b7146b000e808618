import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../../config/index.js';
import { providerPlugins } from '../../../testing/provider-plugins.js';
import { bearer, registerUser, buildTestServer } from '../../../testing/build-test-server.js';
import { writeYamlFile } from '../../../testing/yaml-file.js';

const assistantsKey = { ASSISTANTS_API_KEY: 'sk-assistants', ASSISTANTS_MODELS: 'gpt-4o' };

/** Builds a server from a yaml body and environment; the caller closes it. */
async function start(yaml: string, env: Record<string, string>) {
  const file = writeYamlFile(yaml);
  try {
    return await buildTestServer({ plugins: providerPlugins, configPath: file.path, env });
  } finally {
    file.remove();
  }
}

/** The issues a start that must fail reports. */
async function refusal(yaml: string, env: Record<string, string>) {
  const error: unknown = await start(yaml, env).then(
    async (app) => {
      await app.close();
      return undefined;
    },
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(ConfigError);
  return error instanceof ConfigError ? error.issues : [];
}

describe('modelsFrom at start', () => {
  it('stops the start on an unknown name, naming its path and the endpoints there are', async () => {
    const issues = await refusal('endpoints:\n  assistants:\n    modelsFrom: [anthropic, Antropic]\n', { ...assistantsKey, ANTHROPIC_API_KEY: 'sk-ant' });
    expect(issues).toEqual([{ path: 'endpoints.assistants.modelsFrom[1]', message: expect.stringMatching(/^"Antropic" is no endpoint of this server .*configured: .*anthropic/) }]);
  });

  it('refuses an endpoint that cannot call tools, one that is off, and the assistants endpoint itself', async () => {
    const issues = await refusal('endpoints:\n  assistants:\n    modelsFrom: [chatGPTBrowser, google, assistants]\n', { ...assistantsKey, CHATGPT_TOKEN: 'user_provided' });
    expect(issues).toEqual([
      { path: 'endpoints.assistants.modelsFrom[0]', message: expect.stringMatching(/^the chatGPTBrowser endpoint cannot call tools, which assistants run on/) },
      { path: 'endpoints.assistants.modelsFrom[1]', message: 'the google endpoint is not turned on (its key is not set, or ENDPOINTS leaves it out)' },
      { path: 'endpoints.assistants.modelsFrom[2]', message: expect.stringMatching(/^the assistants endpoint offers its own models first anyway/) },
    ]);
  });

  it('reads ASSISTANTS_MODELS_FROM when the yaml names none, and reports it by its name', async () => {
    expect(await refusal('endpoints:\n  assistants:\n    disableBuilder: false\n', { ...assistantsKey, ASSISTANTS_MODELS_FROM: 'anthropic' })).toEqual([
      { path: 'ASSISTANTS_MODELS_FROM', message: expect.stringMatching(/^the anthropic endpoint is not turned on/) },
    ]);
    const app = await start('endpoints:\n  assistants:\n    disableBuilder: false\n', { ...assistantsKey, ASSISTANTS_MODELS_FROM: ' anthropic ,', ANTHROPIC_API_KEY: 'sk-ant', ANTHROPIC_MODELS: 'claude-3-5-haiku-20241022' });
    try {
      const user = await registerUser(app);
      const models = (await app.inject({ method: 'GET', url: '/api/models', headers: bearer(user) })).json();
      expect(models.assistants).toEqual(['gpt-4o', 'claude-3-5-haiku-20241022']);
    } finally {
      await app.close();
    }
  });

  it('stops the start of an endpoint with no key of its own whose modelsFrom lends it nothing', async () => {
    expect(await refusal('endpoints:\n  assistants:\n    modelsFrom: [google]\n', {})).toEqual([
      { path: 'endpoints.assistants.modelsFrom[0]', message: 'the google endpoint is not turned on (its key is not set, or ENDPOINTS leaves it out)' },
    ]);
  });

  it('starts when ENDPOINTS leaves the assistants endpoint out: there is nothing to lend models to', async () => {
    const app = await start('endpoints:\n  assistants:\n    modelsFrom: [anthropic]\n', { ANTHROPIC_API_KEY: 'sk-ant', ENDPOINTS: 'anthropic' });
    try {
      const user = await registerUser(app);
      const endpoints = (await app.inject({ method: 'GET', url: '/api/endpoints', headers: bearer(user) })).json();
      expect(Object.keys(endpoints)).toEqual(['anthropic']);
    } finally {
      await app.close();
    }
  });
});
