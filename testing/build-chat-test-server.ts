import type { FastifyInstance } from 'fastify';
import { builtInPlugins } from '../plugins/index.js';
import { buildTestServer, registerUser, type TestServerOptions } from './build-test-server.js';
import { fakeLibrechatEnv, fakeUpstreamEnv } from './fake-upstreams/fake-upstream-env.js';
import { startFakeUpstreams, type FakeUpstreams } from './fake-upstreams/index.js';
import { parseSseFrames, type SseFrame } from './sse-frames.js';

export interface ChatTestContext {
  app: FastifyInstance;
  upstreams: FakeUpstreams;
  token: string;
  userId: string;
  /** POST /api/{mode}/{endpoint} and the frames of the whole stream. */
  ask(body: Record<string, unknown>, options?: { endpoint?: string; mode?: 'ask' | 'edit'; token?: string }): Promise<{ status: number; frames: SseFrame[]; body: string }>;
  close(): Promise<void>;
}

/**
 * A test server whose openAI, anthropic and google endpoints (and the custom endpoints of an
 * optional librechat.yaml) point at the fake upstreams, with one signed-in user.
 */
export async function buildChatTestServer(options: TestServerOptions & { withFakeEndpoints?: boolean } = {}): Promise<ChatTestContext> {
  const upstreams = await startFakeUpstreams();
  const app = await buildTestServer({
    ...options,
    // Test plugins (tools) come on top of the built-ins, replacing a built-in of the same kind and name.
    plugins: [...builtInPlugins.filter((builtIn) => !options.plugins?.some((plugin) => plugin.kind === builtIn.kind && plugin.name === builtIn.name)), ...(options.plugins ?? [])],
    env: {
      ...fakeUpstreamEnv(upstreams),
      // The Azure and custom endpoints of testing/fake-upstreams/librechat.fake.yaml.
      ...(options.withFakeEndpoints ? fakeLibrechatEnv(upstreams) : {}),
      OPENAI_MODELS: 'gpt-4o-mini,gpt-4o',
      ANTHROPIC_MODELS: 'claude-3-5-haiku-latest',
      GOOGLE_MODELS: 'gemini-1.5-flash',
      ...options.env,
    },
  });
  const { token, userId } = await registerUser(app);
  return {
    app,
    upstreams,
    token,
    userId,
    async ask(body, { endpoint = 'openAI', mode = 'ask', token: as = token } = {}) {
      const response = await app.inject({ method: 'POST', url: `/api/${mode}/${endpoint}`, payload: body, headers: { authorization: `Bearer ${as}` } });
      const isStream = String(response.headers['content-type']).startsWith('text/event-stream');
      return { status: response.statusCode, frames: isStream ? parseSseFrames(response.body) : [], body: response.body };
    },
    async close() {
      await app.close();
      await upstreams.close();
    },
  };
}
