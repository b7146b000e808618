import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NO_PARENT } from '../../chat/message-tree.js';
import { buildChatTestServer, type ChatTestContext } from '../../../testing/build-chat-test-server.js';
import { bearer, registerUser } from '../../../testing/build-test-server.js';
import { credentialToolPlugins } from '../../../testing/credential-tool-plugins.js';
import type { FakeUpstream, RecordedRequest } from '../../../testing/fake-upstreams/index.js';
import { toolResultsIn } from '../../../testing/tool-results-in.js';

let chat: ChatTestContext;
let bob: { token: string; userId: string };

beforeAll(async () => {
  // ECHO_ACCOUNT by the operator: a user's stored field and the environment's make one set. OPERATOR_TOOL_KEY: `authenticated`.
  chat = await buildChatTestServer({ plugins: credentialToolPlugins(), env: { ECHO_ACCOUNT: 'operator-account', OPERATOR_TOOL_KEY: 'operator-key-123', TITLE_CONVO: 'false', LIMIT_MESSAGE_IP: 'false' } });
  bob = await registerUser(chat.app);
});
afterAll(() => chat.close());
beforeEach(async () => {
  chat.upstreams.reset();
  for (const userId of [chat.userId, bob.userId]) {
    await chat.app.store.users.update(userId, { plugins: [] });
    await chat.app.store.pluginAuths.deleteAll(userId);
  }
});

const offersTools = (request: RecordedRequest) => request.body?.tools !== undefined;
const offeredNames = (request: RecordedRequest): string[] => (request.body?.tools ?? []).map((tool: { name?: string; function?: { name: string } }) => tool.function?.name ?? tool.name);

/** The model calls `name` once, then answers with the tool results it was given. */
function callOnce(upstream: FakeUpstream, name: string) {
  upstream.control.configure({
    reply: (request) => (offersTools(request) && toolResultsIn(request.body).length === 0 ? '' : `Results: ${toolResultsIn(request.body).join(' | ')}`),
    toolCalls: (request) => (offersTools(request) && toolResultsIn(request.body).length === 0 ? [{ name, input: {} }] : []),
  });
}

const install = (token: string, pluginKey: string, auth?: Record<string, string>) =>
  chat.app.inject({ method: 'POST', url: '/api/user/plugins', headers: bearer({ token }), payload: { pluginKey, action: 'install', auth: auth ?? null } });

const providers = [
  { endpoint: 'openAI', model: 'gpt-4o-mini', upstream: () => chat.upstreams.openai },
  { endpoint: 'anthropic', model: 'claude-3-5-haiku-latest', upstream: () => chat.upstreams.anthropic },
];

describe.each(providers)('tool credentials in a turn on $endpoint', ({ endpoint, model, upstream }) => {
  const ask = (tools: string[], token = chat.token) =>
    chat.ask({ text: 'Use the tool', conversationId: null, parentMessageId: NO_PARENT, model, endpoint, tools }, { endpoint, token });

  it("hands the tool the user's stored credential, with the operator's for a field the user left to it", async () => {
    expect((await install(chat.token, 'echo_secret', { 'ECHO_SECRET_KEY||ECHO_KEY': 'alice-key-0123456' })).statusCode).toBe(200);
    callOnce(upstream(), 'echo_secret');
    const { frames } = await ask(['echo_secret']);
    const final = frames.at(-1)!.data;
    expect(final.final).toBe(true);
    expect(final.responseMessage.plugins).toEqual([expect.objectContaining({ latest: 'echo_secret', outputs: 'key=alice-key-0123456 account=operator-account', loading: false })]);
    const answered = upstream().control.requests.at(-1)!;
    expect(toolResultsIn(answered.body).join()).toContain('key=alice-key-0123456 account=operator-account');
  });

  it("never offers a tool the user has not installed, and never uses another user's credential", async () => {
    await install(chat.token, 'echo_secret', { 'ECHO_SECRET_KEY||ECHO_KEY': 'alice-key-0123456' });
    callOnce(upstream(), 'echo_secret');
    const { frames } = await ask(['echo_secret'], bob.token);
    expect(frames.at(-1)!.data.final).toBe(true);
    expect(upstream().control.requests.some(offersTools)).toBe(false);
    expect(JSON.stringify(upstream().control.requests.map((request) => request.body))).not.toContain('alice-key-0123456');

    await install(bob.token, 'echo_secret', { 'ECHO_SECRET_KEY||ECHO_KEY': 'bob-key-01234567', ECHO_ACCOUNT: 'bob-account-01' });
    chat.upstreams.reset();
    callOnce(upstream(), 'echo_secret');
    const second = await ask(['echo_secret'], bob.token);
    expect(second.frames.at(-1)!.data.responseMessage.plugins[0].outputs).toBe('key=bob-key-01234567 account=bob-account-01');
  });

  it('offers a tool the operator authenticated without an install, with the environment\'s credential', async () => {
    callOnce(upstream(), 'operator_tool');
    const { frames } = await ask(['operator_tool', 'echo_secret']);
    expect(offeredNames(upstream().control.requests.find(offersTools)!)).toEqual(['operator_tool']);
    expect(frames.at(-1)!.data.responseMessage.plugins[0].outputs).toBe('operator=operator-key-123');
  });

  it('answers a call whose credential is missing with an error for the model, and the turn goes on', async () => {
    // Installed, but the stored key is gone (deleted, or sealed under an earlier CREDS_KEY).
    await install(chat.token, 'echo_secret', { 'ECHO_SECRET_KEY||ECHO_KEY': 'alice-key-0123456' });
    await chat.app.store.pluginAuths.delete(chat.userId, 'echo_secret');
    callOnce(upstream(), 'echo_secret');
    const { frames } = await ask(['echo_secret']);
    const final = frames.at(-1)!.data;
    expect(final.final).toBe(true);
    const message = 'error processing tool echo_secret: it needs Echo Key (ECHO_SECRET_KEY or ECHO_KEY), which nobody has supplied: the user enters it by installing the tool in the plugin store, or the server\'s operator sets it in the environment';
    expect(final.responseMessage.plugins).toEqual([expect.objectContaining({ outputs: message, loading: false, error: true })]);
    expect(toolResultsIn(upstream().control.requests.at(-1)!.body).join()).toContain('it needs Echo Key');
    expect(final.responseMessage.text).toContain('Results: ');
  });
});
