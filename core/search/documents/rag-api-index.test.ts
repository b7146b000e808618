import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envSchema } from '../../../config/env.js';
import { buildTestServer, registerUser } from '../../../testing/build-test-server.js';
import { startRagApiDouble, type RagApiDouble } from '../../../testing/rag-api-double/index.js';
import { createAccessTokens } from '../../auth/access-tokens.js';
import type { PluginLogger } from '../../plugin-api/index.js';
import { ragApiDocumentIndex } from './rag-api-index.js';

const secret = 'q'.repeat(64);
const logger: PluginLogger = { debug() {}, info() {}, warn() {}, error() {} };

describe('RAG_API_URL picks the document index', () => {
  let double: RagApiDouble;
  beforeAll(async () => {
    double = await startRagApiDouble({ jwtSecret: secret });
  });
  afterAll(() => double.close());

  it("is chatbox's own index when RAG_API_URL is unset", () => {
    const env = envSchema.parse({});
    expect(env.RAG_USE_FULL_CONTEXT).toBe(false);
    expect(ragApiDocumentIndex({ env, accessTokens: createAccessTokens(secret, 60_000), logger })).toBeUndefined();
  });

  it('is the RAG API at RAG_API_URL, a loopback address, with tokens signed by the JWT secret it shares', async () => {
    const env = envSchema.parse({ RAG_API_URL: ` ${double.url} `, RAG_USE_FULL_CONTEXT: 'true' });
    const index = ragApiDocumentIndex({ env, accessTokens: createAccessTokens(secret, 60_000), logger })!;
    const words = 'Lighthouses were once lit with whale oil before kerosene replaced it.';
    await index.add({ fileId: 'file-1', userId: 'user-1', fileName: 'history.txt', mediaType: 'text/plain', open: async () => (async function* () {
      yield new TextEncoder().encode(words);
    })() });
    expect(double.embeds.at(-1)).toMatchObject({ userId: 'user-1', fileId: 'file-1' });
    expect(await index.search({ userId: 'user-1', fileIds: ['file-1'], question: 'what replaced whale oil', limit: 4 })).toEqual([
      { fileId: 'file-1', fileName: 'history.txt', text: words, score: expect.any(Number) },
    ]);
    expect(await index.wholeText('user-1', 'file-1')).toBe(words);
  });

  it('stops the start on a RAG_API_URL that is not an http(s) URL', () => {
    for (const value of ['rag-api:8000', 'ftp://rag-api/', 'not a url']) {
      const parsed = envSchema.safeParse({ RAG_API_URL: value });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]).toMatchObject({ path: ['RAG_API_URL'], message: `expected an http(s) URL, got "${value}"` });
    }
  });

  it("wired in a server: the RAG API takes the server's user tokens, which chatbox's own API refuses", async () => {
    const app = await buildTestServer({ env: { JWT_SECRET: secret, JWT_REFRESH_SECRET: 'w'.repeat(64), RAG_API_URL: double.url } });
    try {
      const user = await registerUser(app);
      const index = ragApiDocumentIndex({ env: envSchema.parse({ RAG_API_URL: double.url }), accessTokens: app.auth.accessTokens, logger })!;
      await index.add({
        fileId: 'file-2',
        userId: user.userId,
        fileName: 'tides.md',
        mediaType: 'text/markdown',
        open: async () =>
          (async function* () {
            yield new TextEncoder().encode('Spring tides follow the full and the new moon.');
          })(),
      });
      expect(await index.search({ userId: user.userId, fileIds: ['file-2'], question: 'when are spring tides', limit: 4 })).toHaveLength(1);

      const asUser = (token: string) => app.inject({ method: 'GET', url: '/api/user', headers: { authorization: `Bearer ${token}` } });
      expect((await asUser(user.token)).statusCode).toBe(200);
      expect((await asUser(app.auth.accessTokens.signForService(user.userId))).statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });
});
