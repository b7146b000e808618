import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { builtInPlugins } from '../plugins/index.js';
import { bearer, twoSignedInUsers, type SignedInUser, type TestServerOptions } from './build-test-server.js';
import { writeYamlFile } from './yaml-file.js';

export interface AssistantsTestServer {
  app: FastifyInstance;
  alice: SignedInUser;
  bob: SignedInUser;
  request(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown, account?: SignedInUser): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/**
 * A server whose assistants endpoint is on (ASSISTANTS_API_KEY with a fixed model list, so no model
 * list is fetched), with an optional `endpoints.assistants` yaml section, optional test tool plugins,
 * and two signed-in users.
 */
export async function startAssistantsServer(options: { yaml?: string; env?: Record<string, string>; plugins?: TestServerOptions['plugins'] } = {}): Promise<AssistantsTestServer> {
  const yaml = options.yaml === undefined ? undefined : writeYamlFile(options.yaml);
  const { app, alice, bob } = await twoSignedInUsers({
    // Test tool plugins come after the built-ins.
    plugins: [...builtInPlugins, ...(options.plugins ?? [])],
    configPath: yaml?.path,
    env: { ASSISTANTS_API_KEY: 'sk-assistants', ASSISTANTS_MODELS: 'gpt-4o,gpt-4o-mini', ...options.env },
  });
  return {
    app,
    alice,
    bob,
    request: (method, url, payload, account = alice) => app.inject({ method, url, headers: bearer(account), payload: payload as object | undefined }),
    async close() {
      await app.close();
      yaml?.remove();
    },
  };
}
