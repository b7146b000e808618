import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { NO_PARENT } from '../chat/message-tree.js';
import { createSqliteStore } from '../store/sqlite/index.js';
import { bearer } from '../../testing/build-test-server.js';
import { buildChatTestServer, type ChatTestContext } from '../../testing/build-chat-test-server.js';
import { mountSmallDisk, type SmallDisk } from '../../testing/small-disk.js';
import { readSseFrames, type SseFrame } from '../../testing/sse-frames.js';

// Issue 15 item 4: with the data disk full, every write path says so (an error frame, a 503) and
// logs the cause; none answers as if it had saved. The database lives on a real, full file system.
let disk: SmallDisk | null = null;
let chat: ChatTestContext | undefined;
let logLines: Array<{ level: number; msg: string; err?: { message?: string } }> = [];

// This machine may not allow mounting (not root): then the suite is skipped and says so.
const canMount = (() => {
  const probe = mountSmallDisk(1);
  probe?.unmount();
  return probe !== null;
})();

afterEach(async () => {
  await chat?.close();
  chat = undefined;
  disk?.unmount();
  disk = null;
  logLines = [];
});

/** A chat server whose SQLite database is on an 8 MB disk of its own, with one signed-in user. */
async function serverOnSmallDisk(): Promise<ChatTestContext> {
  disk = mountSmallDisk(8)!;
  const stream = new Writable({ write: (chunk: Buffer, _encoding, done) => (logLines.push(JSON.parse(chunk.toString())), done()) });
  chat = await buildChatTestServer({ store: createSqliteStore({ filename: join(disk.dir, 'chatbox.sqlite') }), logger: { level: 'warn', stream } });
  return chat;
}

const errorLogs = () => logLines.filter((line) => line.level >= 50);
const firstTurn = { text: 'Hello there '.repeat(400), conversationId: null, parentMessageId: NO_PARENT, model: 'gpt-4o-mini', endpoint: 'openAI' };

describe.skipIf(!canMount)(canMount ? 'a full data disk (tmpfs)' : 'a full data disk (skipped: this machine does not let the tests mount a tmpfs)', () => {
  it('ends a turn whose message cannot be stored with an error frame that says so, and logs the cause', async () => {
    const { ask, app, token } = await serverOnSmallDisk();
    disk!.fill();
    const { status, frames } = await ask(firstTurn);

    expect(status).toBe(200);
    expect(frames.some((frame) => frame.data?.final === true && frame.event === 'message')).toBe(false);
    const last = frames.at(-1)!;
    expect(last.event).toBe('error');
    expect(last.data).toMatchObject({ error: true, text: expect.stringMatching(/message could not be saved.*storage failed \(SQLITE_FULL\)/) });
    expect(errorLogs()).toContainEqual(expect.objectContaining({ msg: expect.stringContaining('storing the turn failed'), err: expect.objectContaining({ message: expect.stringMatching(/full/) }) }));
    // Nothing of the turn is there after it (and nothing pretends to be).
    disk!.free();
    const list = await app.inject({ url: '/api/convos', headers: bearer({ token }) });
    expect(list.json().conversations).toEqual([]);
  });

  it('keeps the user message and says the reply was lost when only the reply cannot be stored', async () => {
    const { app, token, upstreams } = await serverOnSmallDisk();
    upstreams.openai.control.configure({ reply: 'a reply that arrives slowly', chunkSize: 4, delayMs: 20 });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const response = await fetch(`${address}/api/ask/openAI`, { method: 'POST', headers: { ...bearer({ token }), 'content-type': 'application/json' }, body: JSON.stringify(firstTurn) });
    const frames: SseFrame[] = [];
    for await (const frame of readSseFrames(response)) {
      frames.push(frame);
      // The user message is stored: now the disk fills up while the reply streams.
      if (frame.data?.created) disk!.fill();
    }

    expect(frames[0].data.created).toBe(true);
    const last = frames.at(-1)!;
    expect(last.event).toBe('error');
    expect(last.data).toMatchObject({ error: true, text: expect.stringMatching(/reply could not be saved \(your message was kept\).*SQLITE_FULL/) });
    expect(errorLogs()).toContainEqual(expect.objectContaining({ msg: 'storing the reply failed' }));
    disk!.free();
    const conversationId = frames[0].data.message.conversationId;
    const messages = await app.inject({ url: `/api/messages/${conversationId}`, headers: bearer({ token }) });
    expect(messages.json().map((message: { isCreatedByUser: boolean }) => message.isCreatedByUser)).toEqual([true]);
  });

  it('answers a preset or a key save with 503 storage_failed and logs it, never a silent success', async () => {
    const { app, token } = await serverOnSmallDisk();
    disk!.fill();
    const preset = await app.inject({ method: 'POST', url: '/api/presets', headers: bearer({ token }), payload: { title: 'Mine', endpoint: 'openAI', model: 'gpt-4o', promptPrefix: 'x'.repeat(20_000) } });
    expect(preset.statusCode).toBe(503);
    expect(preset.json()).toEqual({ code: 'storage_failed', message: expect.stringContaining('storage failed (SQLITE_FULL)') });
    const key = await app.inject({ method: 'PUT', url: '/api/keys', headers: bearer({ token }), payload: { name: 'openAI', value: JSON.stringify({ apiKey: `sk-${'k'.repeat(20_000)}` }), expiresAt: new Date(Date.now() + 86_400_000).toISOString() } });
    expect(key.statusCode).toBe(503);
    expect(key.json().code).toBe('storage_failed');
    expect(errorLogs().filter((line) => line.msg.startsWith('storage failed: SQLITE_FULL'))).toHaveLength(2);

    disk!.free();
    expect((await app.inject({ url: '/api/presets', headers: bearer({ token }) })).json()).toEqual([]);
  });
});
