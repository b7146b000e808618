import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { nextMessage } from './upstream.js';

export interface FloorProxyHandle {
  url: string;
  pid: number;
  close(): Promise<void>;
}

/** Starts the floor proxy (floor-proxy-process.ts) in front of the upstream. */
export async function startFloorProxy(upstreamUrl: string): Promise<FloorProxyHandle> {
  const child = fork(fileURLToPath(new URL('./floor-proxy-process.js', import.meta.url)), [upstreamUrl], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
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
