import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { nextMessage } from './upstream.js';

export interface FloorProxyHandle {
  url: string;
  pid: number;
  close(): Promise<void>;
}

/** Starts a floor proxy (floor-proxy-process.ts: `bytes` copies, `sdk` goes through the OpenAI SDK) in front of the upstream. */
export async function startFloorProxy(upstreamUrl: string, mode: 'bytes' | 'sdk'): Promise<FloorProxyHandle> {
  const child = fork(fileURLToPath(new URL('./floor-proxy-process.js', import.meta.url)), [upstreamUrl, mode], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const { url } = await nextMessage(child, (message): message is { url: string } => typeof message?.url === 'string');
  return {
    url,
    pid: child.pid!,
    async close() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.disconnect();
      await exited;
    },
  };
}
