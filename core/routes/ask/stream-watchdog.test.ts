import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { NO_PARENT } from '../../chat/message-tree.js';
import { buildChatTestServer, type ChatTestContext } from '../../../testing/build-chat-test-server.js';

// Issue 15 item 10: a silent upstream. The limits are `app.chat.timings`, shortened here to milliseconds.
let chat: ChatTestContext;
afterEach(async () => {
  await chat?.close();
});

const firstTurn = (extra: Record<string, unknown> = {}) => ({ text: 'Hello there', conversationId: null, parentMessageId: NO_PARENT, model: 'gpt-4o-mini', endpoint: 'openAI', ...extra });
const isKeepAlive = (frame: { event: string; data: any }) => frame.event === 'message' && frame.data?.keepAlive === true;

describe('a turn waiting on its upstream', () => {
  it('sends keep-alive frames while the upstream is silent, then an error frame after the timeout', async () => {
    chat = await buildChatTestServer();
    chat.app.chat.timings = { ...chat.app.chat.timings, keepAliveMs: 40, upstreamTimeoutMs: 400 };
    chat.upstreams.openai.control.configure({ firstByteDelayMs: 30_000 });
    const started = Date.now();
    const { status, frames } = await chat.ask(firstTurn());
    const elapsed = Date.now() - started;

    expect(status).toBe(200);
    expect(elapsed).toBeGreaterThanOrEqual(400);
    expect(elapsed).toBeLessThan(10_000);
    // ~400 ms of silence at one keep-alive per 40 ms; a loaded machine may skip a few.
    expect(frames.filter(isKeepAlive).length).toBeGreaterThanOrEqual(4);
    // Every frame LibreChat's client reads is JSON: the keep-alives carry none of the flags it acts on.
    for (const frame of frames.filter(isKeepAlive)) expect(Object.keys(frame.data)).toEqual(['keepAlive']);
    const last = frames.at(-1)!;
    expect(last.event).toBe('error');
    expect(last.data).toMatchObject({ error: true, text: expect.stringContaining('sent nothing for 0.4 s') });
    const conversationId = frames.find((frame) => frame.data?.created)!.data.message.conversationId;
    const stored = await chat.app.inject({ url: `/api/messages/${conversationId}`, headers: { authorization: `Bearer ${chat.token}` } });
    expect(stored.json().at(-1)).toMatchObject({ error: true, text: expect.stringContaining('sent nothing for 0.4 s') });
  });

  it('keeps a slow but live upstream going, with keep-alives between its chunks', async () => {
    chat = await buildChatTestServer();
    // The fake pauses before each of its frames, and three of them (finish, usage, [DONE]) make one part: 300 ms.
    chat.app.chat.timings = { ...chat.app.chat.timings, keepAliveMs: 40, upstreamTimeoutMs: 600 };
    chat.upstreams.openai.control.configure({ reply: 'one two three', chunkSize: 4, delayMs: 100 });
    const { frames } = await chat.ask(firstTurn());

    expect(frames.filter(isKeepAlive).length).toBeGreaterThanOrEqual(2);
    expect(frames.at(-1)!.data).toMatchObject({ final: true, responseMessage: { text: 'one two three', unfinished: false } });
  });

  it('takes the silence limit of a custom endpoint from its librechat.yaml timeoutMs', async () => {
    const yaml = join(tmpdir(), `chatbox-timeout-${process.pid}-${Date.now()}.yaml`);
    writeFileSync(yaml, ['version: 1.0.6', 'endpoints:', '  custom:', '    - name: "Slow"', '      apiKey: "sk-slow"', '      baseURL: "${OPENAI_REVERSE_PROXY}"', '      timeoutMs: 300', '      models:', '        default: ["slow-model"]'].join('\n'));
    chat = await buildChatTestServer({ configPath: yaml });
    chat.upstreams.openai.control.configure({ firstByteDelayMs: 30_000 });
    const started = Date.now();
    const { frames } = await chat.ask(firstTurn({ endpoint: 'Slow', endpointType: 'custom', model: 'slow-model' }), { endpoint: 'custom' });

    expect(Date.now() - started).toBeLessThan(10_000);
    expect(frames.at(-1)).toMatchObject({ event: 'error', data: { error: true } });
  });
});
