import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { NO_PARENT } from '../../chat/message-tree.js';
import { buildChatTestServer, type ChatTestContext } from '../../../testing/build-chat-test-server.js';
import { readSseFrames } from '../../../testing/sse-frames.js';

let chat: ChatTestContext;
afterEach(async () => {
  await chat?.close();
});

const turn = (extra: Record<string, unknown> = {}) => ({ text: 'Tell me a long story', conversationId: null, parentMessageId: NO_PARENT, model: 'gpt-4o-mini', endpoint: 'openAI', ...extra });

/** Listens on a loopback port so a real HTTP client can read the stream while it runs. */
async function listen(): Promise<string> {
  await chat.app.listen({ port: 0, host: '127.0.0.1' });
  const address = chat.app.server.address() as { port: number };
  return `http://127.0.0.1:${address.port}`;
}

const post = (base: string, path: string, body: unknown, signal?: AbortSignal) =>
  fetch(`${base}${path}`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', authorization: `Bearer ${chat.token}` }, signal });

describe('stopping a turn', () => {
  it('abort stops the upstream call and answers the final payload with the partial reply, finished but incomplete (Continue, no warning)', async () => {
    chat = await buildChatTestServer();
    chat.upstreams.openai.control.configure({ reply: 'word '.repeat(200), chunkSize: 5, delayMs: 20 });
    const base = await listen();
    const response = await post(base, '/api/ask/openAI', turn());
    let conversationId = '';
    let seen = 0;
    for await (const frame of readSseFrames(response)) {
      if (frame.data.created) conversationId = frame.data.message.conversationId;
      if (frame.data.message === true && ++seen === 3) break;
    }
    const aborted = await post(base, '/api/ask/openAI/abort', { abortKey: conversationId, endpoint: 'openAI' });
    expect(aborted.status).toBe(200);
    const payload = await aborted.json();
    expect(payload.final).toBe(true);
    // LibreChat's abort answer: unfinished false (no "incomplete response" warning under every stopped
    // reply) and finish_reason incomplete (which keeps Continue on offer).
    expect(payload.responseMessage).toMatchObject({ unfinished: false, error: false, finish_reason: 'incomplete' });
    expect(payload.conversation).not.toHaveProperty('endpointType');
    expect(payload.responseMessage.text.startsWith('word word word')).toBe(true);
    expect(payload.responseMessage.text.length).toBeLessThan(1000);
    const upstream = chat.upstreams.openai.control.requests.find((request) => request.path.endsWith('/chat/completions'))!;
    expect(await upstream.outcome).toBe('client-closed');
    const saved = await chat.app.store.messages.find(chat.userId, payload.responseMessage.messageId);
    expect(saved).toMatchObject({ unfinished: false, finish_reason: 'incomplete', text: payload.responseMessage.text });
    const [reloaded] = (await chat.app.inject({ url: `/api/messages/${conversationId}`, headers: { authorization: `Bearer ${chat.token}` } })).json().filter((message: { isCreatedByUser: boolean }) => !message.isCreatedByUser);
    expect(reloaded).toMatchObject({ unfinished: false, finish_reason: 'incomplete' });

    // A continue picks the reply up where it stopped.
    chat.upstreams.openai.control.configure({ reply: ' The end.', delayMs: 0 });
    const continued = await chat.ask(turn({ conversationId, isContinued: true, responseMessageId: saved!.messageId, generation: saved!.text }), { mode: 'edit' });
    expect(continued.frames.at(-1)!.data.responseMessage).toMatchObject({ text: `${saved!.text} The end.`, unfinished: false });
  });

  it("another user can neither stop a turn nor take its title", async () => {
    chat = await buildChatTestServer();
    chat.upstreams.openai.control.configure({ reply: 'word '.repeat(60), chunkSize: 5, delayMs: 10 });
    const base = await listen();
    const other = await chat.app.inject({ method: 'POST', url: '/api/auth/register', payload: { name: 'Mallory', email: 'mallory@example.com', password: 'password1', confirm_password: 'password1' } });
    const intruder = { authorization: `Bearer ${other.json().token}` };
    const response = await post(base, '/api/ask/openAI', turn());
    let conversationId = '';
    let final: any;
    for await (const frame of readSseFrames(response)) {
      if (frame.data.created) {
        conversationId = frame.data.message.conversationId;
        const stolen = await chat.app.inject({ method: 'POST', url: '/api/ask/openAI/abort', payload: { abortKey: conversationId }, headers: intruder });
        expect(stolen.statusCode).toBe(404);
      }
      if (frame.data.final) final = frame.data;
    }
    expect(final.responseMessage).toMatchObject({ unfinished: false, text: 'word '.repeat(60) });
    const title = await chat.app.inject({ method: 'POST', url: '/api/convos/gen_title', payload: { conversationId }, headers: intruder });
    expect(title.statusCode).toBe(404);
  });

  it.each([
    ['an abort key with nothing running', { abortKey: 'nothing', endpoint: 'openAI' }],
    ['abortKey null (a new chat stopped before its created frame)', { abortKey: null, endpoint: 'openAI' }],
  ])('answers a JSON 404 for %s (LibreChat\'s client stays stuck on a 204)', async (_label, payload) => {
    chat = await buildChatTestServer();
    const response = await chat.app.inject({ method: 'POST', url: '/api/ask/openAI/abort', payload, headers: { authorization: `Bearer ${chat.token}` } });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json()).toEqual({ code: 'not_found', message: 'Nothing to stop: no reply is being written under this abortKey' });
  });

  it('a client that disconnects stops the upstream and the partial reply is kept', async () => {
    chat = await buildChatTestServer();
    // Once nobody re-attached within the grace (10 s by default; reattach.test.ts has the re-attach).
    chat.app.chat.timings.reattachGraceMs = 100;
    chat.upstreams.openai.control.configure({ reply: 'word '.repeat(200), chunkSize: 5, delayMs: 20 });
    const base = await listen();
    const controller = new AbortController();
    const response = await post(base, '/api/ask/openAI', turn(), controller.signal);
    let conversationId = '';
    let seen = 0;
    try {
      for await (const frame of readSseFrames(response)) {
        if (frame.data.created) conversationId = frame.data.message.conversationId;
        if (frame.data.message === true && ++seen === 2) controller.abort();
      }
    } catch {
      // reading an aborted body throws: that is the disconnect
    }
    const upstream = chat.upstreams.openai.control.requests.find((request) => request.path.endsWith('/chat/completions'))!;
    expect(await upstream.outcome).toBe('client-closed');
    // Kept as a stopped reply: finished, incomplete.
    await expect.poll(async () => (await chat.app.store.messages.listByConversation(chat.userId, conversationId)).find((message) => !message.isCreatedByUser)?.finish_reason).toBe('incomplete');
    expect((await chat.app.store.messages.listByConversation(chat.userId, conversationId)).find((message) => !message.isCreatedByUser)).toMatchObject({ unfinished: false });
  });

  it('marks the partial reply saved while streaming unfinished, so a reload mid-stream (or after a crash) shows it as such', async () => {
    chat = await buildChatTestServer();
    // Over the 3 s between partial saves.
    chat.upstreams.openai.control.configure({ reply: 'word '.repeat(80), chunkSize: 5, delayMs: 50 });
    const base = await listen();
    const response = await post(base, '/api/ask/openAI', turn());
    let conversationId = '';
    let snapshot: { unfinished: boolean; text: string } | undefined;
    for await (const frame of readSseFrames(response)) {
      if (frame.data.created) conversationId = frame.data.message.conversationId;
      if (frame.data.message === true && !snapshot) {
        snapshot = (await chat.app.store.messages.listByConversation(chat.userId, conversationId)).find((message) => !message.isCreatedByUser);
      }
      if (frame.data.final) expect(frame.data.responseMessage).toMatchObject({ unfinished: false, finish_reason: 'stop' });
    }
    expect(snapshot).toMatchObject({ unfinished: true });
  });
});

describe('limits', () => {
  it('refuses a second message in flight with the concurrent catalogue error', async () => {
    chat = await buildChatTestServer({ env: { CONCURRENT_MESSAGE_MAX: '1' } });
    chat.upstreams.openai.control.configure({ reply: 'slow '.repeat(50), chunkSize: 5, delayMs: 10 });
    const base = await listen();
    const first = post(base, '/api/ask/openAI', turn());
    await new Promise((resolve) => setTimeout(resolve, 100));
    const second = await chat.ask(turn());
    expect(second.frames[0].event).toBe('error');
    expect(JSON.parse(second.frames[0].data.text)).toMatchObject({ type: 'concurrent', limit: 1 });
    await (await first).text();
    expect((await chat.ask(turn())).frames.at(-1)!.data.final).toBe(true);
  });

  it('refuses messages beyond MESSAGE_IP_MAX per window with message_limit', async () => {
    chat = await buildChatTestServer({ env: { MESSAGE_IP_MAX: '2', MESSAGE_IP_WINDOW: '1', BAN_VIOLATIONS: 'false' } });
    await chat.ask(turn());
    await chat.ask(turn());
    const third = await chat.ask(turn());
    expect(JSON.parse(third.frames[0].data.text)).toMatchObject({ type: 'message_limit', max: 2, windowInMinutes: 1 });
  });
});

describe('titles', () => {
  it('generates a title after the first exchange and hands it out through gen_title', async () => {
    chat = await buildChatTestServer();
    chat.upstreams.openai.control.configure({ reply: (request) => (request.body.max_tokens === 16 ? '"Greeting The Assistant."' : 'Hello to you too') });
    const final = (await chat.ask(turn({ text: 'Hello' }))).frames.at(-1)!.data;
    const response = await chat.app.inject({ method: 'POST', url: '/api/convos/gen_title', payload: { conversationId: final.conversation.conversationId }, headers: { authorization: `Bearer ${chat.token}` } });
    expect(response.json()).toEqual({ title: 'Greeting The Assistant' });
    expect((await chat.app.store.conversations.find(chat.userId, final.conversation.conversationId))!.title).toBe('Greeting The Assistant');
    const titleRequest = chat.upstreams.openai.control.requests.find((request) => request.body?.max_tokens === 16)!;
    expect(titleRequest.body.messages.at(-1).content).toContain('User: Hello');
    const again = await chat.app.inject({ method: 'POST', url: '/api/convos/gen_title', payload: { conversationId: final.conversation.conversationId }, headers: { authorization: `Bearer ${chat.token}` } });
    expect(again.statusCode).toBe(404);
  });
});

describe('titles after a failed or stopped first turn', () => {
  const titleRequests = () => chat.upstreams.openai.control.requests.filter((request) => request.body?.max_tokens === 16);
  const genTitle = (conversationId: string) => chat.app.inject({ method: 'POST', url: '/api/convos/gen_title', payload: { conversationId }, headers: { authorization: `Bearer ${chat.token}` } });

  it('titles the conversation once a later turn succeeds, and only that once', async () => {
    chat = await buildChatTestServer();
    chat.upstreams.openai.control.configure({ reply: (request) => (request.body.max_tokens === 16 ? 'Second Try Title' : 'It works now') });
    chat.upstreams.openai.control.failNext({ status: 401, code: 'invalid_api_key', type: 'invalid_request_error', message: 'Incorrect API key provided' });
    const failed = (await chat.ask(turn({ text: 'Hello' }))).frames.at(-1)!;
    expect(failed.event).toBe('error');
    const conversationId = failed.data.conversationId;
    expect((await chat.app.store.conversations.find(chat.userId, conversationId))!.title).toBe('New Chat');
    expect(titleRequests()).toHaveLength(0);

    const succeeded = (await chat.ask(turn({ text: 'Hello again', conversationId, parentMessageId: failed.data.messageId }))).frames.at(-1)!.data;
    expect(succeeded.responseMessage).toMatchObject({ text: 'It works now', error: false });
    expect((await genTitle(conversationId)).json()).toEqual({ title: 'Second Try Title' });
    expect((await chat.app.store.conversations.find(chat.userId, conversationId))!.title).toBe('Second Try Title');
    expect(titleRequests().at(-1)!.body.messages.at(-1).content).toContain('User: Hello again');

    // Titled: the next turn leaves the title alone.
    await chat.ask(turn({ text: 'Thanks', conversationId, parentMessageId: succeeded.responseMessage.messageId }));
    expect(titleRequests()).toHaveLength(1);
  });

  it('titles a conversation whose first reply was stopped once a later reply runs to its end', async () => {
    chat = await buildChatTestServer();
    chat.upstreams.openai.control.configure({ reply: (request) => (request.body.max_tokens === 16 ? 'Resumed Title' : 'word '.repeat(200)), chunkSize: 5, delayMs: 20 });
    const base = await listen();
    const response = await post(base, '/api/ask/openAI', turn());
    let conversationId = '';
    let seen = 0;
    for await (const frame of readSseFrames(response)) {
      if (frame.data.created) conversationId = frame.data.message.conversationId;
      if (frame.data.message === true && ++seen === 3) break;
    }
    const stopped = await (await post(base, '/api/ask/openAI/abort', { abortKey: conversationId, endpoint: 'openAI' })).json();
    expect(stopped.responseMessage.finish_reason).toBe('incomplete');
    expect(titleRequests()).toHaveLength(0);

    chat.upstreams.openai.control.configure({ reply: (request) => (request.body.max_tokens === 16 ? 'Resumed Title' : 'A short story.'), delayMs: 0 });
    await chat.ask(turn({ text: 'Shorter, please', conversationId, parentMessageId: stopped.responseMessage.messageId }));
    expect((await genTitle(conversationId)).json()).toEqual({ title: 'Resumed Title' });
  });
});

describe('user-provided keys', () => {
  it('answers no_user_key without a key, then uses the saved key and base URL', async () => {
    const yaml = join(tmpdir(), `chatbox-custom-${process.pid}-${Date.now()}.yaml`);
    writeFileSync(yaml, ['version: 1.0.6', 'ssrf:', '  allowedHosts: ["${FAKE_OPENAI_HOST}"]', 'endpoints:', '  custom:', '    - name: "MyProxy"', '      apiKey: "user_provided"', '      baseURL: "user_provided"', '      models:', '        default: ["proxy-model"]'].join('\n'));
    chat = await buildChatTestServer({ configPath: yaml });
    const endpoints = await chat.app.inject({ url: '/api/endpoints', headers: { authorization: `Bearer ${chat.token}` } });
    expect(endpoints.json().MyProxy).toMatchObject({ type: 'custom', userProvide: true, userProvideURL: true });

    const body = turn({ endpoint: 'MyProxy', endpointType: 'custom', model: 'proxy-model' });
    const missing = await chat.ask(body, { endpoint: 'custom' });
    expect(JSON.parse(missing.frames[0].data.text)).toMatchObject({ type: 'no_user_key' });

    const value = JSON.stringify({ apiKey: 'sk-user-own', baseURL: `${chat.upstreams.openai.url}/v1` });
    const saved = await chat.app.inject({ method: 'PUT', url: '/api/keys', payload: { name: 'MyProxy', value, expiresAt: new Date(Date.now() + 3_600_000).toISOString() }, headers: { authorization: `Bearer ${chat.token}` } });
    expect(saved.statusCode).toBe(201);
    const ok = await chat.ask(body, { endpoint: 'custom' });
    expect(ok.frames.at(-1)!.data.final).toBe(true);
    // A custom endpoint's conversation says so with exactly "custom" (contract §1.5), never its own name.
    expect(ok.frames.at(-1)!.data.conversation).toMatchObject({ endpoint: 'MyProxy', endpointType: 'custom' });
    expect(chat.upstreams.openai.control.lastRequest!.headers.authorization).toBe('Bearer sk-user-own');

    await chat.app.inject({ method: 'DELETE', url: '/api/keys/MyProxy', headers: { authorization: `Bearer ${chat.token}` } });
    expect(JSON.parse((await chat.ask(body, { endpoint: 'custom' })).frames[0].data.text)).toMatchObject({ type: 'no_user_key' });
  });
});

describe('a base URL a user supplies', () => {
  it('may not reach private addresses unless the operator allows the host (SSRF guard)', async () => {
    const yaml = join(tmpdir(), `chatbox-ssrf-${process.pid}-${Date.now()}.yaml`);
    writeFileSync(yaml, ['version: 1.0.6', 'endpoints:', '  custom:', '    - name: "MyProxy"', '      apiKey: "user_provided"', '      baseURL: "user_provided"', '      models:', '        default: ["proxy-model"]'].join('\n'));
    chat = await buildChatTestServer({ configPath: yaml });
    const headers = { authorization: `Bearer ${chat.token}` };
    for (const baseURL of [`${chat.upstreams.openai.url}/v1`, 'http://169.254.169.254/latest', 'http://[::ffff:127.0.0.1]:80/v1']) {
      await chat.app.inject({ method: 'PUT', url: '/api/keys', headers, payload: { name: 'MyProxy', value: JSON.stringify({ apiKey: 'sk', baseURL }), expiresAt: null } });
      const { frames } = await chat.ask(turn({ endpoint: 'MyProxy', endpointType: 'custom', model: 'proxy-model' }), { endpoint: 'custom' });
      expect(frames.at(-1)!.event).toBe('error');
      expect(frames.at(-1)!.data.text).toMatch(/private address/);
    }
    expect(chat.upstreams.openai.control.requests.filter((request) => request.path.endsWith('/chat/completions'))).toHaveLength(0);
  });
});

describe('balance', () => {
  it('refuses with token_balance when the credits cannot pay, and records spend when they can', async () => {
    chat = await buildChatTestServer({ env: { CHECK_BALANCE: 'true' } });
    const poor = await chat.ask(turn());
    const refused = JSON.parse(poor.frames.at(-1)!.data.text);
    expect(refused).toMatchObject({ type: 'token_balance', balance: 0 });
    expect(refused.promptTokens).toBeGreaterThan(0);

    await chat.app.store.balances.record({ userId: chat.userId, conversationId: null, tokenType: 'credits', model: null, context: 'admin', rawAmount: 100_000, rate: 1, tokenValue: 100_000 });
    const paid = await chat.ask(turn());
    expect(paid.frames.at(-1)!.data.final).toBe(true);
    const balance = await chat.app.inject({ url: '/api/balance', headers: { authorization: `Bearer ${chat.token}` } });
    expect(balance.json()).toBeLessThan(100_000);
    const transactions = await chat.app.store.balances.listTransactions(chat.userId, { offset: 0, limit: 10 });
    expect(transactions.map((transaction) => transaction.tokenType).sort()).toEqual(['completion', 'credits', 'prompt']);
  });
});

describe('tokenizer', () => {
  it('counts tokens with OpenAI tokenizer', async () => {
    chat = await buildChatTestServer();
    const response = await chat.app.inject({ method: 'POST', url: '/api/tokenizer', payload: { text: 'Hello world, this is a test' }, headers: { authorization: `Bearer ${chat.token}` } });
    expect(response.json()).toEqual({ count: 7 });
  });
});
