import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NO_PARENT } from '../../core/chat/message-tree.js';
import { fakeUpstreamEnv } from '../../testing/fake-upstreams/fake-upstream-env.js';
import { startFakeUpstreams, type FakeUpstreams } from '../../testing/fake-upstreams/index.js';
import { createHttpClient } from '../../testing/http-client.js';
import { startServe, type RunningServer } from '../../testing/run-cli.js';
import type { SseFrame } from '../../testing/sse-frames.js';

// Issue 15 items 6 and the kill -9 family of its attack suite: `chatbox serve` as users run it, a
// child process, with a reply that streams for half a minute from a slow fake upstream.
vi.setConfig({ testTimeout: 90_000 });

let cwd: string;
let upstreams: FakeUpstreams;
let servers: RunningServer[] = [];
beforeEach(async () => {
  cwd = mkdtempSync(join(tmpdir(), 'chatbox-faults-'));
  upstreams = await startFakeUpstreams();
  upstreams.openai.control.configure({ reply: 'word '.repeat(600), chunkSize: 5, delayMs: 50 });
});
afterEach(async () => {
  for (const server of servers) if (server.process.exitCode === null && server.process.signalCode === null) process.kill(-server.process.pid!, 'SIGKILL');
  servers = [];
  await upstreams.close();
  rmSync(cwd, { recursive: true, force: true });
});

const serve = async (env: Record<string, string> = {}) => {
  const server = await startServe({ cwd, env: { ...fakeUpstreamEnv(upstreams), TITLE_CONVO: 'false', ...env } });
  servers.push(server);
  return server;
};
// A process killed by a signal has exitCode null and its signalCode set: it may have exited already.
const exited = (server: RunningServer) =>
  new Promise<number | null>((resolve) => (server.process.exitCode !== null || server.process.signalCode !== null ? resolve(server.process.exitCode) : server.process.once('exit', (code) => resolve(code))));
const firstTurn = { text: 'Tell me a long story', conversationId: null, parentMessageId: NO_PARENT, model: 'gpt-4o-mini', endpoint: 'openAI' };

/** Reads a turn's frames, calling `midway` once `after` progress frames have arrived; never throws on a cut connection. */
async function readTurn(frames: AsyncGenerator<SseFrame>, midway: () => void, after = 5): Promise<SseFrame[]> {
  const seen: SseFrame[] = [];
  try {
    for await (const frame of frames) {
      seen.push(frame);
      if (seen.filter((each) => each.data?.message === true).length === after) midway();
    }
  } catch {
    // The connection died with the process (kill -9).
  }
  return seen;
}

describe('chatbox serve under faults', () => {
  it('on SIGTERM stops accepting, saves the running reply, sends its final frame and exits 0 in time', async () => {
    const server = await serve({ SHUTDOWN_TIMEOUT_MS: '2000' });
    const client = createHttpClient(server.url);
    await client.register('stop@example.com');
    let signalledAt = 0;
    let afterSignal: Promise<number | string> | undefined;
    const frames = await readTurn(client.stream('/api/ask/openAI', firstTurn).frames(), () => {
      signalledAt = Date.now();
      process.kill(-server.process.pid!, 'SIGTERM');
      afterSignal = new Promise((resolve) => setTimeout(resolve, 200)).then(() =>
        fetch(`${server.url}/health`).then((response) => response.status, (error: Error) => error.message),
      );
    });
    const code = await exited(server);

    if (code !== 0) console.log(server.output().slice(-3000));
    expect(code).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(2_000 + 3_000); // the grace period, and a loaded machine's slack
    // Nothing new is served once the signal arrived: refused, or 503 on a kept-alive connection.
    expect(await afterSignal).not.toBe(200);
    const last = frames.at(-1)!;
    expect(last.event).toBe('message');
    // Saved as a stopped reply: finished, with the finish reason that keeps Continue available.
    expect(last.data).toMatchObject({ final: true, responseMessage: { unfinished: false, finish_reason: 'incomplete' } });
    const shownText = frames.filter((frame) => frame.data?.message === true).at(-1)!.data.text;
    expect(last.data.responseMessage.text).toBe(shownText);
    expect(server.output()).toMatch(/stopping 1 replies still running/);

    // What the user saw is what a restarted server has.
    const again = await serve();
    const conversationId = last.data.conversation.conversationId;
    const restarted = createHttpClient(again.url);
    await restarted.signIn('stop@example.com');
    const messages = await restarted.call('GET', `/api/messages/${conversationId}`);
    expect(messages.body.map((message: { text: string; unfinished: boolean }) => [message.text, message.unfinished])).toEqual([
      [firstTurn.text, false],
      [shownText, false],
    ]);
  });

  it('after kill -9 mid-stream, restarts on a consistent conversation that can go on', async () => {
    const server = await serve();
    const client = createHttpClient(server.url);
    await client.register('killed@example.com');
    // Past one partial save (every 3 s), so the reply row exists, unfinished, when the process dies.
    upstreams.openai.control.configure({ delayMs: 700 });
    const frames = await readTurn(client.stream('/api/ask/openAI', firstTurn).frames(), () => process.kill(-server.process.pid!, 'SIGKILL'), 7);
    expect(await exited(server)).toBe(null);
    expect(frames.some((frame) => frame.data?.final)).toBe(false);
    const conversationId = frames[0].data.message.conversationId;

    const again = await serve();
    const restarted = createHttpClient(again.url);
    await restarted.signIn('killed@example.com');
    const list = await restarted.call('GET', '/api/convos');
    expect(list.body.conversations.map((conversation: { conversationId: string }) => conversation.conversationId)).toEqual([conversationId]);
    const messages = (await restarted.call('GET', `/api/messages/${conversationId}`)).body as Array<{ messageId: string; parentMessageId: string; text: string; unfinished: boolean; isCreatedByUser: boolean }>;
    // The user's message, and the reply as last saved: a prefix of what was shown, marked unfinished.
    expect(messages[0]).toMatchObject({ text: firstTurn.text, isCreatedByUser: true, parentMessageId: NO_PARENT });
    expect(messages).toHaveLength(2);
    const shown = frames.filter((frame) => frame.data?.message === true).at(-1)!.data.text as string;
    expect(messages[1]).toMatchObject({ parentMessageId: messages[0].messageId, unfinished: true, isCreatedByUser: false });
    expect(messages[1].text.length).toBeGreaterThan(0);
    expect(shown.startsWith(messages[1].text)).toBe(true);

    // The conversation goes on from the kept reply.
    upstreams.openai.control.configure({ reply: 'And then it ended.', delayMs: 0 });
    const next = await restarted.ask('/api/ask/openAI', { ...firstTurn, text: 'Go on', conversationId, parentMessageId: messages[1].messageId });
    expect(next.at(-1)!.data).toMatchObject({ final: true, responseMessage: { text: 'And then it ended.', unfinished: false } });
  });
});
