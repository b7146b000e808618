/**
 * The fake OpenAI upstream in a process of its own: at hundreds of streams its timers and writes would
 * otherwise share the load generator's event loop and blur both paths' timings. The parent scripts it
 * over IPC; it answers with its URL once listening.
 */
import { startFakeOpenAI } from '../../testing/fake-upstreams/index.js';
import type { FakeScript } from '../../testing/fake-upstreams/index.js';

export type UpstreamCommand = { configure: Partial<Pick<FakeScript, 'reply' | 'chunkSize' | 'delayMs'>> } | { close: true };

const upstream = await startFakeOpenAI();
// The fake records every request for tests; a benchmark sends hundreds of thousands, so drop them.
setInterval(() => (upstream.control.requests.length = 0), 1_000).unref();

process.on('message', (command: UpstreamCommand) => {
  if ('configure' in command) {
    upstream.control.configure(command.configure);
    process.send!({ configured: true });
  } else {
    void upstream.close().then(() => process.exit(0));
  }
});
process.on('disconnect', () => process.exit(0));
process.send!({ url: upstream.url });
