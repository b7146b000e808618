import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envSchema } from '../../config/env.js';
import { NO_PARENT } from '../../core/chat/message-tree.js';
import { hasRedisServer } from '../redis-server.js';
import { readSseFrames, type SseFrame } from '../sse-frames.js';
import { exampleDir, readExampleEnv, startScaleOutCluster, type ScaleOutCluster } from './scale-out-cluster.js';

/** The serve options read from the environment (commander's `.env(…)`), beside the schema's variables. */
const serveVariables = ['HOST', 'PORT', 'TRUST_PROXY'];

/**
 * README's scale-out example, run: two `chatbox serve` child processes of the built package on the
 * MongoDB, Meilisearch and S3 doubles and a real redis-server, behind a round-robin proxy. Each
 * request goes to the other instance than the one before; `x-upstream` says which one answered.
 */
describe.skipIf(!hasRedisServer)('examples/scale-out: two chatbox instances behind a round-robin proxy (skipped: redis-server is not installed; apt-get install redis-server)', () => {
  let cluster: ScaleOutCluster;
  let token = '';
  const password = 'scale-out-password-1';

  beforeAll(async () => {
    cluster = await startScaleOutCluster();
    const account = { name: 'Scale Out', email: 'scale@example.com', password, confirm_password: password };
    expect((await call('POST', '/api/auth/register', account)).status).toBe(200);
    const login = await call('POST', '/api/auth/login', { email: account.email, password });
    expect(login.status).toBe(200);
    token = (await login.json()).token;
  }, 60_000);

  afterAll(async () => {
    await cluster?.close();
  }, 30_000);

  function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}, signal?: AbortSignal): Promise<Response> {
    return fetch(`${cluster.proxy.url}${path}`, {
      method,
      body: body === undefined ? undefined : JSON.stringify(body),
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      signal,
    });
  }
  const upstreamOf = (response: Response) => response.headers.get('x-upstream');
  const turn = { text: 'Tell me a long story', conversationId: null, parentMessageId: NO_PARENT, model: 'gpt-4o-mini', endpoint: 'openAI' };
  const replyOf = async (conversationId: string) => {
    const messages: Array<{ isCreatedByUser: boolean; text: string; unfinished: boolean; error: boolean }> = await (await call('GET', `/api/messages/${conversationId}`)).json();
    return messages.find((message) => !message.isCreatedByUser);
  };

  it('the example names only variables chatbox reads, and the test replaces every address and placeholder in it', () => {
    const example = readExampleEnv();
    const known = new Set([...Object.keys(envSchema.shape), ...serveVariables, ...Object.keys(cluster.substituted)]);
    expect(Object.keys(example).filter((name) => !known.has(name))).toEqual([]);
    expect(Object.keys(example)).toEqual(expect.arrayContaining(Object.keys(cluster.substituted)));
    const placeholders = Object.keys(example).filter((name) => /<[^>]+>/.test(example[name]!) && !(name in cluster.substituted));
    expect(placeholders).toEqual([]);
    // The nginx example balances as the test's proxy does: round-robin, no stickiness, events unbuffered.
    const nginx = readFileSync(join(exampleDir, 'nginx.conf'), 'utf8');
    expect(nginx.match(/^\s*server\s+\S+:\d+/gm)).toHaveLength(2);
    expect(nginx).not.toMatch(/^\s*(ip_hash|hash|sticky|least_conn)\b/m);
    expect(nginx).toMatch(/^\s*proxy_buffering off;/m);
    expect(nginx).toMatch(/^\s*proxy_read_timeout 1h;/m);
  });

  it('both instances are ready, on MongoDB, Meilisearch and Redis, and the proxy alternates between them', async () => {
    const answers = [await call('GET', '/ready'), await call('GET', '/ready')];
    expect(new Set(answers.map(upstreamOf)).size).toBe(2);
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ status: 'ready', store: { status: 'up', driver: 'mongodb' }, search: { status: 'up', backend: 'meilisearch' }, redis: { status: 'up' } });
    }
  });

  it('a Stop that lands on the other instance stops the stream, and the answer has the partial reply', async () => {
    const reply = 'word '.repeat(400);
    cluster.upstreams.openai.control.configure({ reply, chunkSize: 5, delayMs: 20 });
    const response = await call('POST', '/api/ask/openAI', turn);
    const frames = readSseFrames(response);
    let conversationId = '';
    let progress = 0;
    for await (const frame of frames) {
      if (frame.data?.created) conversationId = frame.data.message.conversationId;
      if (frame.data?.message === true && ++progress === 3) break;
    }
    const stopped = await call('POST', '/api/ask/openAI/abort', { abortKey: conversationId, endpoint: 'openAI' });
    expect(upstreamOf(stopped)).not.toBe(upstreamOf(response));
    expect(stopped.status).toBe(200);
    const payload = await stopped.json();
    expect(payload).toMatchObject({ final: true, responseMessage: { finish_reason: 'incomplete' } });
    expect(payload.responseMessage.text.startsWith('word word word')).toBe(true);
    expect(payload.responseMessage.text.length).toBeLessThan(reply.length);
    const upstream = cluster.upstreams.openai.control.requests.findLast((request) => request.path.endsWith('/chat/completions'))!;
    expect(await upstream.outcome).toBe('client-closed');
    expect(await replyOf(conversationId)).toMatchObject({ text: payload.responseMessage.text, unfinished: false });
  });

  it('a reload mid-stream re-attaches on the other instance and gets the rest of the reply', async () => {
    const reply = 'word '.repeat(150);
    cluster.upstreams.openai.control.configure({ reply, chunkSize: 5, delayMs: 20 });
    const reload = new AbortController();
    const response = await call('POST', '/api/ask/openAI', turn, {}, reload.signal);
    let conversationId = '';
    let seen = '';
    for await (const frame of readSseFrames(response)) {
      if (frame.data?.created) conversationId = frame.data.message.conversationId;
      if (frame.data?.message === true) seen = frame.data.text;
      if (seen.length > 20) break;
    }
    reload.abort();
    const attached = await call('GET', `/api/ask/stream/${conversationId}`);
    expect(upstreamOf(attached)).not.toBe(upstreamOf(response));
    expect(attached.status).toBe(200);
    const frames: SseFrame[] = [];
    for await (const frame of readSseFrames(attached)) if (frame.data !== undefined) frames.push(frame);
    expect(frames[0]!.data).toMatchObject({ created: true, message: { conversationId, text: turn.text } });
    expect(frames[1]!.data.text.startsWith(seen)).toBe(true);
    expect(frames.at(-1)!.data).toMatchObject({ final: true, responseMessage: { text: reply, finish_reason: 'stop' } });
    expect(await replyOf(conversationId)).toMatchObject({ text: reply, unfinished: false });
  });

  it('a logout through one instance refuses the access token on both', async () => {
    const login = await call('POST', '/api/auth/login', { email: 'scale@example.com', password }, { authorization: '' });
    const session = (await login.json()).token;
    const cookie = login.headers.getSetCookie().find((header) => header.startsWith('refreshToken='))!.split(';')[0]!;
    const auth = { authorization: `Bearer ${session}` };
    const before = [await call('GET', '/api/convos', undefined, auth), await call('GET', '/api/convos', undefined, auth)];
    expect(before.map((answer) => answer.status)).toEqual([200, 200]);
    expect(new Set(before.map(upstreamOf)).size).toBe(2);
    expect((await call('POST', '/api/auth/logout', undefined, { ...auth, cookie })).status).toBe(200);
    const after = [await call('GET', '/api/convos', undefined, auth), await call('GET', '/api/convos', undefined, auth)];
    expect(after.map((answer) => answer.status)).toEqual([401, 401]);
    expect(new Set(after.map(upstreamOf)).size).toBe(2);
    // The other session of the same account is untouched.
    expect((await call('GET', '/api/convos')).status).toBe(200);
  });

  it('a limit counts the requests of both instances, per client address (the proxy forwards it, TRUST_PROXY trusts it)', async () => {
    // Registrations: 5 an hour per address by default. Empty forms are refused, and still counted.
    const register = (address: string) => call('POST', '/api/auth/register', {}, { authorization: '', 'x-forwarded-for': address });
    const answers = [];
    for (let attempt = 0; attempt < 6; attempt += 1) answers.push(await register('203.0.113.7'));
    expect(answers.map((answer) => answer.status)).toEqual([400, 400, 400, 400, 400, 429]);
    expect(new Set(answers.map(upstreamOf)).size).toBe(2);
    expect(await answers[5]!.json()).toMatchObject({ code: 'register_limit' });
    // Another client behind the same proxy has its own count.
    expect((await register('203.0.113.8')).status).toBe(400);
  });

  it('a ban earned through both instances holds on both (bans live in the shared store)', async () => {
    // Past the 5 registrations an hour, each refusal is a violation; BAN_INTERVAL (20) of them ban the address.
    const register = (address: string) => call('POST', '/api/auth/register', {}, { authorization: '', 'x-forwarded-for': address });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 25; attempt += 1) statuses.push((await register('203.0.113.9')).status);
    // The request that makes the 20th violation is answered with the ban itself.
    expect(statuses).toEqual([...Array(5).fill(400), ...Array(19).fill(429), 403]);
    const after = [await register('203.0.113.9'), await register('203.0.113.9')];
    expect(after.map((answer) => answer.status)).toEqual([403, 403]);
    expect(new Set(after.map(upstreamOf)).size).toBe(2);
    expect(await after[0]!.json()).toMatchObject({ code: 'ban' });
    // The address only: another client behind the proxy is not banned.
    expect((await register('203.0.113.10')).status).toBe(400);
  });

  it('Redis restarted: both instances say not ready while it is down, and recover without a restart of their own', async () => {
    await cluster.redis.stop();
    const down = [await call('GET', '/ready'), await call('GET', '/ready')];
    expect(down.map((answer) => answer.status)).toEqual([503, 503]);
    expect(new Set(down.map(upstreamOf)).size).toBe(2);
    expect(await down[0]!.json()).toMatchObject({ status: 'not ready', store: { status: 'up' }, search: { status: 'up' }, redis: { status: 'down' } });
    await cluster.redis.restart({ downMs: 0 });
    await expect.poll(async () => [(await call('GET', '/ready')).status, (await call('GET', '/ready')).status], { timeout: 10_000, interval: 200 }).toEqual([200, 200]);
  });

  it('kill -9 of the instance running a stream: the client gets an error frame, the reply keeps its last checkpoint, marked unfinished', async () => {
    const reply = 'word '.repeat(1500);
    cluster.upstreams.openai.control.configure({ reply, chunkSize: 5, delayMs: 20 });
    const response = await call('POST', '/api/ask/openAI', turn);
    const owner = cluster.instances.find((instance) => instance.server.url === upstreamOf(response))!;
    // Read by hand: a `break` out of for-await would end the generator, and the rest is read after the kill.
    const frames = readSseFrames(response);
    let conversationId = '';
    for (let next = await frames.next(); !next.done && next.value.data?.message !== true; next = await frames.next()) {
      if (next.value.data?.created) conversationId = next.value.data.message.conversationId;
    }
    // The turn saves a snapshot of the reply every few seconds: wait until one is in the store.
    await expect.poll(async () => (await replyOf(conversationId))?.text.length ?? 0, { timeout: 10_000, interval: 250 }).toBeGreaterThan(0);
    const checkpoint = (await replyOf(conversationId))!;

    const exited = once(owner.server.process, 'exit');
    owner.server.process.kill('SIGKILL');
    owner.alive = false;
    const killedAt = Date.now();
    // The client's stream ends at once, as a broken connection (no final frame), never a hang.
    const ended = await (async () => {
      try {
        for (let next = await frames.next(); !next.done; next = await frames.next()) if (next.value.data?.final) return 'final';
        return 'closed';
      } catch {
        return 'broken';
      }
    })();
    expect(ended).toBe('broken');
    await exited;

    // The client comes back (a reload): the surviving instance sees the reply's writer gone, in an error frame.
    const attached = await call('GET', `/api/ask/stream/${conversationId}`);
    expect(upstreamOf(attached)).not.toBe(owner.server.url);
    expect(attached.status).toBe(200);
    const reattached: SseFrame[] = [];
    for await (const frame of readSseFrames(attached)) if (frame.data !== undefined) reattached.push(frame);
    expect(reattached.at(-1)).toMatchObject({ event: 'error', data: { error: true, final: true, unfinished: true, conversationId } });
    // Told by the dead instance's pub/sub connection, gone at once: sooner than its stream's 15 s expiry.
    expect(Date.now() - killedAt).toBeLessThan(10_000);

    // The conversation as the survivor reads it: the question, and the reply as far as its last checkpoint.
    const saved = (await replyOf(conversationId))!;
    expect(saved).toMatchObject({ unfinished: true, error: false });
    expect(saved.text.length).toBeGreaterThanOrEqual(checkpoint.text.length);
    expect(reply.startsWith(saved.text)).toBe(true);
    expect(saved.text.length).toBeLessThan(reply.length);
    // Nothing runs it any more: a Stop answers at once that there is nothing to stop.
    expect((await call('POST', '/api/ask/openAI/abort', { abortKey: conversationId, endpoint: 'openAI' })).status).toBe(404);
    // The survivor takes every request now (the proxy passes a refused connection on).
    expect((await call('GET', '/ready')).status).toBe(200);
    expect((await call('GET', '/ready')).status).toBe(200);
  }, 45_000);
});
