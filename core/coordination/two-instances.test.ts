import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_PARENT } from '../chat/message-tree.js';
import { createStore } from '../store/create-store.js';
import { buildChatTestServer, type ChatTestContext } from '../../testing/build-chat-test-server.js';
import { registerUser } from '../../testing/build-test-server.js';
import { hasRedisServer, startTestRedis, type TestRedis } from '../../testing/redis-server.js';
import { readSseFrames } from '../../testing/sse-frames.js';

/**
 * Two chatbox instances in one process, on one SQLite file and one real redis-server: what one
 * instance does, the other sees at once.
 */
describe.skipIf(!hasRedisServer)('two instances on one Redis (skipped: redis-server is not installed; apt-get install redis-server)', () => {
  let redis: TestRedis;
  let dataDir: string;
  let first: ChatTestContext;
  let second: ChatTestContext;
  const bases: string[] = [];

  beforeAll(async () => {
    redis = await startTestRedis();
    dataDir = mkdtempSync(join(tmpdir(), 'chatbox-two-'));
    const env = {
      REDIS_URI: redis.uri,
      REDIS_KEY_PREFIX: 'two-instances:',
      JWT_SECRET: 'shared-jwt-secret',
      JWT_REFRESH_SECRET: 'shared-refresh-secret',
      CREDS_KEY: 'c'.repeat(64),
      LOGIN_MAX: '3',
    };
    first = await buildChatTestServer({ env, store: await createStore({ dataDir }) });
    second = await buildChatTestServer({ env, store: await createStore({ dataDir }) });
    for (const instance of [first, second]) {
      await instance.app.listen({ port: 0, host: '127.0.0.1' });
      const address = instance.app.server.address();
      bases.push(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
    }
  }, 120_000);

  afterAll(async () => {
    await first?.close();
    await second?.close();
    await redis?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  const post = (base: string, path: string, body: unknown, token: string) =>
    fetch(`${base}${path}`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` } });
  const turn = { text: 'Tell me a long story', conversationId: null, parentMessageId: NO_PARENT, model: 'gpt-4o-mini', endpoint: 'openAI' };

  it('a Stop sent to the other instance stops the stream and answers the saved partial reply', async () => {
    first.upstreams.openai.control.configure({ reply: 'word '.repeat(200), chunkSize: 5, delayMs: 20 });
    const response = await post(bases[0]!, '/api/ask/openAI', turn, first.token);
    let conversationId = '';
    let seen = 0;
    for await (const frame of readSseFrames(response)) {
      if (frame.data.created) conversationId = frame.data.message.conversationId;
      if (frame.data.message === true && ++seen === 3) break;
    }
    const stopped = await post(bases[1]!, '/api/ask/openAI/abort', { abortKey: conversationId, endpoint: 'openAI' }, first.token);
    expect(stopped.status).toBe(200);
    const payload = await stopped.json();
    expect(payload).toMatchObject({ final: true, responseMessage: { finish_reason: 'incomplete' } });
    expect(payload.responseMessage.text.startsWith('word word word')).toBe(true);
    expect(payload.responseMessage.text.length).toBeLessThan(1000);
    const upstream = first.upstreams.openai.control.requests.find((request) => request.path.endsWith('/chat/completions'))!;
    expect(await upstream.outcome).toBe('client-closed');
    const saved = await second.app.store.messages.find(first.userId, payload.responseMessage.messageId);
    expect(saved?.text).toBe(payload.responseMessage.text);
    // Another user cannot stop it from either instance, and nothing runs under the key any more.
    const again = await post(bases[1]!, '/api/ask/openAI/abort', { abortKey: conversationId, endpoint: 'openAI' }, first.token);
    expect(again.status).toBe(404);
  });

  it('a reload mid-stream re-attaches on the other instance and gets the rest of the reply', async () => {
    // Longer than the 1 s in which the running instance learns of a watcher on the other one.
    first.app.chat.timings.reattachGraceMs = 2_500;
    const reply = 'word '.repeat(200);
    first.upstreams.openai.control.configure({ reply, chunkSize: 5, delayMs: 20 });
    const controller = new AbortController();
    const response = await fetch(`${bases[0]}/api/ask/openAI`, { method: 'POST', body: JSON.stringify(turn), headers: { 'content-type': 'application/json', authorization: `Bearer ${first.token}` }, signal: controller.signal });
    let conversationId = '';
    let seen = '';
    for await (const frame of readSseFrames(response)) {
      if (frame.data.created) conversationId = frame.data.message.conversationId;
      if (frame.data.message === true) seen = frame.data.text;
      if (seen.length > 20) break;
    }
    controller.abort();
    const attached = await fetch(`${bases[1]}/api/ask/stream/${conversationId}`, { headers: { authorization: `Bearer ${first.token}` } });
    expect(attached.status).toBe(200);
    const frames = [];
    for await (const frame of readSseFrames(attached)) frames.push(frame);
    expect(frames[0]!.data).toMatchObject({ created: true, message: { conversationId, text: 'Tell me a long story' } });
    expect(frames[1]!.data.text.startsWith(seen)).toBe(true);
    expect(frames.at(-1)!.data).toMatchObject({ final: true, responseMessage: { text: reply, finish_reason: 'stop' } });
    // This test's request: the Stop test's came before it.
    const upstream = first.upstreams.openai.control.requests.findLast((request) => request.path.endsWith('/chat/completions'))!;
    expect(await upstream.outcome).not.toBe('client-closed');
    // Ended: nothing to re-attach to on either instance; another user never could.
    for (const base of bases) expect((await fetch(`${base}/api/ask/stream/${conversationId}`, { headers: { authorization: `Bearer ${first.token}` } })).status).toBe(404);
  });

  it('a re-attached client whose turn\'s instance died gets an error frame, not a hang', async () => {
    // What a killed instance leaves: its turn's stream, no longer kept alive, expiring.
    const raw = new Redis(redis.uri, { keyPrefix: 'two-instances:' });
    await raw.xadd(`live:${first.userId}:dead-turn`, '*', 'kind', 'open', 'data', '');
    await raw.pexpire(`live:${first.userId}:dead-turn`, 500);
    raw.disconnect();
    const attached = await fetch(`${bases[1]}/api/ask/stream/dead-turn`, { headers: { authorization: `Bearer ${first.token}` } });
    expect(attached.status).toBe(200);
    const frames = [];
    for await (const frame of readSseFrames(attached)) frames.push(frame);
    expect(frames.at(-1)).toMatchObject({ event: 'error', data: { error: true, final: true, conversationId: 'dead-turn', text: expect.stringContaining('went away') } });
  });

  it('the title generated on one instance is handed out once by the other', async () => {
    first.upstreams.openai.control.configure({ reply: 'Pirate stories' });
    const result = await first.ask(turn);
    const final = result.frames.find((frame) => frame.data.final)!.data;
    const conversationId = final.conversation.conversationId;
    const title = await second.app.inject({ method: 'POST', url: '/api/convos/gen_title', payload: { conversationId }, headers: { authorization: `Bearer ${first.token}` } });
    expect(title.statusCode).toBe(200);
    expect(title.json()).toEqual({ title: 'Pirate stories' });
    const twice = await first.app.inject({ method: 'POST', url: '/api/convos/gen_title', payload: { conversationId }, headers: { authorization: `Bearer ${first.token}` } });
    expect(twice.statusCode).toBe(404);
  });

  it('a logout on one instance refuses the access token on the other at once', async () => {
    const account = await registerUser(first.app);
    const auth = { authorization: `Bearer ${account.token}` };
    expect((await second.app.inject({ url: '/api/convos', headers: auth })).statusCode).toBe(200);
    const logout = await first.app.inject({ method: 'POST', url: '/api/auth/logout', cookies: { refreshToken: account.cookie }, headers: auth });
    expect(logout.statusCode).toBe(200);
    // Pub/sub delivers in milliseconds; the store is only read again every 15 s.
    await expect.poll(async () => (await second.app.inject({ url: '/api/convos', headers: auth })).statusCode, { timeout: 2_000, interval: 20 }).toBe(401);
  });

  it('a rate limit counts the requests of both instances', async () => {
    const login = (app: FastifyInstance) => app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'nobody@example.com', password: 'wrong-password-1' }, remoteAddress: '10.9.8.7' });
    const answers = [await login(first.app), await login(second.app), await login(first.app), await login(second.app)];
    expect(answers.map((answer) => answer.statusCode)).toEqual([422, 422, 422, 429]);
    expect((await login(first.app)).statusCode).toBe(429);
  });

  it('Redis down: what needs it answers 503 and /ready names it; restarted, both instances recover on their own', async () => {
    await redis.stop();
    const login = (app: FastifyInstance) => app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'nobody@example.com', password: 'wrong-password-1' }, remoteAddress: '10.1.1.1' });
    await expect.poll(async () => (await login(first.app)).statusCode, { timeout: 5_000, interval: 50 }).toBe(503);
    const refused = await login(second.app);
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({ code: 'coordination_unavailable', message: expect.stringContaining('Redis') });
    const notReady = await first.app.inject({ url: '/ready' });
    expect(notReady.statusCode).toBe(503);
    expect(notReady.json()).toMatchObject({ status: 'not ready', store: { status: 'up' }, redis: { status: 'down' } });
    // Liveness stays up: a load balancer must take the instance out, not restart it.
    expect((await first.app.inject({ url: '/health' })).statusCode).toBe(200);

    await redis.restart();
    for (const instance of [first, second]) {
      await expect.poll(async () => (await instance.app.inject({ url: '/ready' })).statusCode, { timeout: 10_000, interval: 100 }).toBe(200);
    }
    expect((await first.app.inject({ url: '/ready' })).json()).toMatchObject({ status: 'ready', store: { status: 'up', driver: 'sqlite' }, search: { status: 'up', backend: 'sqlite' }, redis: { status: 'up' } });
    expect((await login(first.app)).statusCode).toBe(422);
    // The subscriber connection is back too: a revocation still reaches the other instance.
    const account = await registerUser(second.app);
    const auth = { authorization: `Bearer ${account.token}` };
    await second.app.inject({ method: 'POST', url: '/api/auth/logout', cookies: { refreshToken: account.cookie }, headers: auth });
    await expect.poll(async () => (await first.app.inject({ url: '/api/convos', headers: auth })).statusCode, { timeout: 2_000, interval: 20 }).toBe(401);
  });
});
