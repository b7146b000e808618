import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { askPayload, checkTurnStream } from './chat-turn.js';
import type { ClientFrame } from './client-event-stream.js';
import { createContractReport } from './contract-report.js';
import { startContractServer, type ContractServer } from './contract-server.js';
import { conversationPageSchema } from './schemas/conversation-page.js';
import { NO_PARENT } from './schemas/endpoint-name.js';
import { storedMessageSchema } from './schemas/message.js';
import { abortAnswerSchema, knownErrorTypes } from './schemas/stream-frames.js';

/**
 * LibreChat v0.7.1's client contract for stopping a reply (§4.8), failures (§4.7) and clearing
 * conversations (§3.2): the abort body the client posts, the JSON it needs back, error frames
 * that are whole messages, and `POST /api/convos/clear` with the client's `{arg}` bodies.
 */
let contract: ContractServer;
const base = { endpoint: 'openAI', model: 'gpt-4o-mini' };

beforeAll(async () => {
  contract = await startContractServer();
});
beforeEach(() => contract.upstreams.reset());
afterAll(() => contract?.close());

describe('LibreChat client contract: stop', () => {
  it('answers the stop button with the final payload as JSON, and keeps the partial reply continuable', async () => {
    const report = createContractReport();
    const { client } = await contract.signedUpClient();
    contract.upstreams.openai.control.configure({ reply: 'word '.repeat(200), chunkSize: 5, delayMs: 15 });
    const stream = await client.stream('/api/ask/openAI', askPayload({ ...base, text: 'Talk for a while' }));
    const seen: ClientFrame[] = [];
    let conversationId: string | null = null;
    // Read by hand, not with for-await and break, which would close the stream.
    while (seen.filter((item) => item.data?.message === true).length < 3) {
      const next = await stream.frames.next();
      if (next.done) break;
      seen.push(next.value);
      if (next.value.data?.created) conversationId = next.value.data.message.conversationId;
    }
    // The client's abort: fetch POST <stream URL>/abort, JSON, bearer, {abortKey, endpoint}.
    const aborted = await client.post('/api/ask/openAI/abort', { abortKey: conversationId, endpoint: 'openAI' });
    report.expect('POST /api/ask/openAI/abort', aborted.status === 200, 'status 200', aborted.status);
    report.expect('POST /api/ask/openAI/abort', aborted.contentType.includes('application/json'), 'a JSON answer (anything else leaves the client submitting)', aborted.contentType);
    report.check('POST /api/ask/openAI/abort', abortAnswerSchema, aborted.json);
    for await (const frame of stream.frames) seen.push(frame);
    report.expect('the stopped stream', seen.at(-1)?.data?.final === true || seen.at(-1)?.event === 'error', 'ends with final or an error frame', seen.at(-1)?.data);

    const messages = await client.get(`/api/messages/${conversationId}`);
    const partial = (messages.json ?? []).find((message: { messageId: string }) => message.messageId === aborted.json?.responseMessage?.messageId);
    report.check('GET /api/messages (stopped reply)', storedMessageSchema, partial);
    report.expect('GET /api/messages (stopped reply)', partial?.unfinished === false, 'unfinished: false after a stop (true shows "incomplete" forever)', partial?.unfinished);
    report.expect('GET /api/messages (stopped reply)', typeof partial?.finish_reason === 'string' && partial.finish_reason !== 'stop', 'a finish reason that keeps Continue', partial?.finish_reason);
    expect(report.issues).toEqual([]);
  });

  it('answers an abort with nothing to stop as JSON 404, also for a new chat\'s abortKey null', async () => {
    const report = createContractReport();
    const { client } = await contract.signedUpClient();
    for (const [label, body] of [
      ['abortKey null (before created)', { abortKey: null, endpoint: 'openAI' }],
      ['a finished conversation', { abortKey: '6d1f2a3b-0000-4000-8000-000000000000', endpoint: 'openAI' }],
    ] as const) {
      const answer = await client.post('/api/ask/openAI/abort', body);
      report.expect(`POST /api/ask/openAI/abort (${label})`, answer.status === 404, 'status 404 (the client resets quietly; 204 leaves it stuck)', answer.status);
      report.expect(`POST /api/ask/openAI/abort (${label})`, answer.contentType.includes('application/json'), 'a JSON answer', answer.contentType);
    }
    expect(report.issues).toEqual([]);
  });
});

describe('LibreChat client contract: errors', () => {
  it('ends a failed turn with an error frame that is a complete message, on a new and on an existing chat', async () => {
    const report = createContractReport();
    const { client } = await contract.signedUpClient();
    const failTurn = async (label: string, input: Parameters<typeof askPayload>[0]) => {
      contract.upstreams.openai.control.failNext({ status: 401, code: 'invalid_api_key', type: 'invalid_request_error', message: 'Incorrect API key provided' });
      const failed = checkTurnStream(report, `POST /api/ask/openAI (${label}, upstream 401)`, await client.streamAll('/api/ask/openAI', askPayload(input)));
      report.expect(`error frame (${label})`, failed.error !== undefined, 'an event: error frame', failed.final);
      const embedded = /\{.*\}/s.exec(failed.error?.text ?? '')?.[0];
      const type = embedded ? (JSON.parse(embedded) as { type?: string; code?: string }) : undefined;
      report.expect(`error frame (${label}) text`, knownErrorTypes.some((known) => known === type?.type || known === type?.code), 'a JSON catalogue error the client renders', failed.error?.text);
    };
    await failTurn('new chat', { ...base, text: 'This one fails' });

    const first = checkTurnStream(report, 'POST /api/ask/openAI', await client.streamAll('/api/ask/openAI', askPayload({ ...base, text: 'Hello' })));
    const conversationId = first.final?.conversation?.conversationId ?? null;
    // The title is generated upstream after a first exchange: let it take its request first.
    await client.post('/api/convos/gen_title', { conversationId });
    await failTurn('existing chat', { ...base, text: 'This one fails too', conversationId, parentMessageId: first.final?.responseMessage?.messageId ?? NO_PARENT });
    expect(report.issues).toEqual([]);
  });

  it('answers a user-provided endpoint without a key with a no_user_key error message', async () => {
    const report = createContractReport();
    const { client } = await contract.signedUpClient();
    const input = { endpoint: 'Bring Your Own Key', endpointType: 'custom', modelDisplayLabel: 'BYOK', model: 'fake-model-a', text: 'Hello' } as const;
    const failed = checkTurnStream(report, 'POST /api/ask/custom (no key)', await client.streamAll('/api/ask/custom', askPayload(input)));
    report.expect('error frame', failed.error !== undefined, 'an event: error frame', failed.final);
    report.expect('error frame text', /"type":\s*"no_user_key"/.test(failed.error?.text ?? ''), 'the no_user_key error', failed.error?.text);
    expect(report.issues).toEqual([]);
  });
});

describe('LibreChat client contract: clear conversations', () => {
  it('deletes one chat for {arg: {conversationId, source}} and every chat of the caller for {arg: {}}', async () => {
    const report = createContractReport();
    const { client } = await contract.signedUpClient();
    const { client: neighbour } = await contract.signedUpClient();
    const finals = [];
    for (const [owner, text] of [[client, 'one'], [client, 'two'], [client, 'three'], [neighbour, 'not yours']] as const) {
      finals.push(checkTurnStream(report, 'POST /api/ask/openAI', await owner.streamAll('/api/ask/openAI', askPayload({ ...base, text }))).final);
    }
    const firstId = finals[0]?.conversation?.conversationId;

    const one = await client.post('/api/convos/clear', { arg: { conversationId: firstId, source: 'button' } });
    report.expect('POST /api/convos/clear {arg: {conversationId, source}}', one.status >= 200 && one.status < 300, '2xx', one.status);
    report.expect('GET /api/convos/:id (cleared)', (await client.get(`/api/convos/${firstId}`)).status === 404, 'the cleared chat is gone');

    const all = await client.post('/api/convos/clear', { arg: {} });
    report.expect('POST /api/convos/clear {arg: {}}', all.status >= 200 && all.status < 300, '2xx', all.status);
    const left = await client.get('/api/convos?pageNumber=1');
    report.check('GET /api/convos (after clear all)', conversationPageSchema, left.json);
    report.expect('GET /api/convos (after clear all)', left.json?.conversations?.length === 0, 'no conversation left', left.json?.conversations?.length);
    const theirs = await neighbour.get('/api/convos?pageNumber=1');
    report.expect("another user's conversations", theirs.json?.conversations?.length === 1, 'untouched', theirs.json?.conversations?.length);
    expect(report.issues).toEqual([]);
  });
});
