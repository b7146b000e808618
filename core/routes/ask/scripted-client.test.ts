import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_PARENT } from '../../chat/message-tree.js';
import { fakeLibrechatEnv, fakeUpstreamEnv } from '../../../testing/fake-upstreams/fake-upstream-env.js';
import { startFakeUpstreams, type FakeUpstream, type FakeUpstreams } from '../../../testing/fake-upstreams/index.js';
import { createHttpClient } from '../../../testing/http-client.js';
import { startServe, type RunningServer } from '../../../testing/run-cli.js';

/**
 * The chat issue's definition of done, run by a script over real HTTP against a real `chatbox serve`
 * for each fake upstream: stream, follow up, regenerate, edit, stop, continue, title, rename, delete.
 */
let upstreams: FakeUpstreams;
let server: RunningServer;
let cwd: string;
beforeAll(async () => {
  upstreams = await startFakeUpstreams();
  cwd = mkdtempSync(join(tmpdir(), 'chatbox-script-'));
  server = await startServe({ cwd, env: { ...fakeUpstreamEnv(upstreams), ...fakeLibrechatEnv(upstreams), LIMIT_MESSAGE_IP: 'false', REGISTER_MAX: '50' } });
}, 60_000);
afterAll(async () => {
  await server?.stop();
  await upstreams?.close();
  rmSync(cwd, { recursive: true, force: true });
});

const cases: Array<{ endpoint: string; route: string; model: string; upstream: () => FakeUpstream; historyOf: (body: any) => string[] }> = [
  { endpoint: 'openAI', route: 'openAI', model: 'gpt-4o-mini', upstream: () => upstreams.openai, historyOf: (body) => body.messages.map((m: any) => m.content) },
  { endpoint: 'azureOpenAI', route: 'azureOpenAI', model: 'gpt-4o', upstream: () => upstreams.azure, historyOf: (body) => body.messages.map((m: any) => m.content) },
  { endpoint: 'anthropic', route: 'anthropic', model: 'claude-3-5-haiku-latest', upstream: () => upstreams.anthropic, historyOf: (body) => body.messages.map((m: any) => (typeof m.content === 'string' ? m.content : m.content.map((part: any) => part.text).join(''))) },
  { endpoint: 'google', route: 'google', model: 'gemini-2.0-flash', upstream: () => upstreams.google, historyOf: (body) => body.contents.map((c: any) => c.parts.map((p: any) => p.text).join('')) },
  { endpoint: 'Fake Ollama', route: 'custom', model: 'llama3.1', upstream: () => upstreams.openai, historyOf: (body) => body.messages.map((m: any) => m.content) },
];

describe.each(cases)('a scripted client against $endpoint', ({ endpoint, route, model, upstream, historyOf }) => {
  it('streams, follows up, regenerates, edits, stops, continues, titles, renames and deletes', { timeout: 60_000 }, async () => {
    upstream().control.reset();
    upstream().control.configure({ reply: (request) => (JSON.stringify(request.body).includes('concise title') ? 'Scripted Title' : `Reply number ${upstream().control.requests.length}`), chunkSize: 3 });
    const client = createHttpClient(server.url);
    await client.register(`script-${route}-${Date.now()}@example.com`);
    const options = { endpoint, endpointType: route === 'custom' ? 'custom' : undefined, model };
    const path = `/api/ask/${route}`;
    const final = (frames: Array<{ event: string; data: any }>) => {
      const last = frames.at(-1)!;
      expect(last.event, JSON.stringify(last.data)).toBe('message');
      return last.data;
    };

    // A first reply, streamed in order.
    const first = await client.ask(path, { ...options, text: 'First question', conversationId: null, parentMessageId: NO_PARENT });
    expect(first[0].data.created).toBe(true);
    expect(first.filter((frame) => frame.data.message === true).length).toBeGreaterThan(1);
    const one = final(first);
    const conversationId = one.conversation.conversationId;
    expect(one.responseMessage.text).toMatch(/^Reply number \d+$/);

    // The title arrives through gen_title.
    await expect.poll(async () => (await client.call('POST', '/api/convos/gen_title', { conversationId })).body?.title, { timeout: 10_000 }).toBe('Scripted Title');

    // A follow-up carries the earlier turns upstream.
    const two = final(await client.ask(path, { ...options, text: 'Second question', conversationId, parentMessageId: one.responseMessage.messageId }));
    const sent = historyOf(upstream().control.requests.filter((request) => !JSON.stringify(request.body).includes('concise title')).at(-1)!.body);
    expect(sent.filter((text) => text !== '')).toEqual(expect.arrayContaining(['First question', one.responseMessage.text, 'Second question']));

    // Regenerate: a sibling reply under the same user message.
    const regenerated = final(await client.ask(path, { ...options, text: 'Second question', conversationId, parentMessageId: one.responseMessage.messageId, overrideParentMessageId: two.requestMessage.messageId }));
    expect(regenerated.responseMessage.parentMessageId).toBe(two.requestMessage.messageId);
    expect(regenerated.responseMessage.messageId).not.toBe(two.responseMessage.messageId);

    // Edit: a sibling user message under the same parent.
    const edited = final(await client.ask(path, { ...options, text: 'Second question, edited', conversationId, parentMessageId: one.responseMessage.messageId }));
    expect(edited.requestMessage.parentMessageId).toBe(one.responseMessage.messageId);

    // Stop mid-stream: the partial reply is saved, finished but incomplete (Continue, no warning).
    upstream().control.configure({ reply: 'slow '.repeat(100), chunkSize: 5, delayMs: 15 });
    const running = client.stream(path, { ...options, text: 'Third', conversationId, parentMessageId: edited.responseMessage.messageId });
    let seen = 0;
    for await (const frame of running.frames()) if (frame.data.message === true && ++seen === 3) break;
    const stopped = await client.call('POST', `${path}/abort`, { abortKey: conversationId, endpoint });
    expect(stopped.status).toBe(200);
    expect(stopped.body.responseMessage).toMatchObject({ unfinished: false, error: false, finish_reason: 'incomplete' });
    const partial = stopped.body.responseMessage;

    // Continue it.
    upstream().control.configure({ reply: ' and done.', delayMs: 0 });
    const continued = final(await client.ask(`/api/edit/${route}`, { ...options, text: 'Third', conversationId, isContinued: true, responseMessageId: partial.messageId, generation: partial.text, overrideParentMessageId: partial.parentMessageId }));
    expect(continued.responseMessage.text).toBe(`${partial.text} and done.`);

    // Rename, then delete.
    expect((await client.call('POST', '/api/convos/update', { conversationId, title: 'Renamed by script' })).body.title).toBe('Renamed by script');
    const messages = await client.call('GET', `/api/messages/${conversationId}`);
    expect(messages.body.length).toBe(9);
    expect((await client.call('DELETE', `/api/convos/${conversationId}`)).status).toBe(200);
    expect((await client.call('GET', `/api/convos/${conversationId}`)).status).toBe(404);
  });
});

describe('presets and keys for a scripted client', () => {
  it('saves a default preset, and needs, uses and revokes a user key', async () => {
    const client = createHttpClient(server.url);
    await client.register(`script-keys-${Date.now()}@example.com`);
    const preset = await client.call('POST', '/api/presets', { title: 'Precise', endpoint: 'openAI', model: 'gpt-4o', temperature: 0.2, defaultPreset: true });
    expect(preset.status).toBe(201);
    expect((await client.call('GET', '/api/presets')).body).toEqual([expect.objectContaining({ title: 'Precise', defaultPreset: true })]);

    const body = { endpoint: 'Bring Your Own Key', endpointType: 'custom', model: 'fake-model-a', text: 'Hi', conversationId: null, parentMessageId: NO_PARENT };
    const refused = await client.ask('/api/ask/custom', body);
    expect(JSON.parse(refused[0].data.text).type).toBe('no_user_key');
    const value = JSON.stringify({ apiKey: 'sk-mine', baseURL: `${upstreams.openai.url}/v1` });
    expect((await client.call('PUT', '/api/keys', { name: 'Bring Your Own Key', value, expiresAt: new Date(Date.now() + 43_200_000).toISOString() })).status).toBe(201);
    expect((await client.ask('/api/ask/custom', body)).at(-1)!.data.final).toBe(true);
    expect(upstreams.openai.control.lastRequest!.headers.authorization).toBe('Bearer sk-mine');
    expect((await client.call('DELETE', '/api/keys/Bring%20Your%20Own%20Key')).status).toBe(204);
    expect(JSON.parse((await client.ask('/api/ask/custom', body))[0].data.text).type).toBe('no_user_key');
  });
});
