import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { UpstreamCommand } from './upstream-process.js';

export interface UpstreamHandle {
  url: string;
  pid: number;
  configure(script: Extract<UpstreamCommand, { configure: unknown }>['configure']): Promise<void>;
  close(): Promise<void>;
}

/** The child's next IPC message that `accept` takes; rejects if the child exits first. */
export function nextMessage<T>(child: ChildProcess, accept: (message: any) => message is T): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: unknown) => {
      if (!accept(message)) return;
      child.off('message', onMessage);
      resolve(message);
    };
    child.on('message', onMessage);
    child.once('exit', (code) => reject(new Error(`fake upstream exited with ${code}`)));
  });
}

/** Starts the fake OpenAI upstream in a child process (see upstream-process.ts). */
export async function startUpstreamProcess(): Promise<UpstreamHandle> {
  const child = fork(fileURLToPath(new URL('./upstream-process.js', import.meta.url)), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const { url } = await nextMessage(child, (message): message is { url: string } => typeof message?.url === 'string');
  return {
    url,
    pid: child.pid!,
    async configure(script) {
      const done = nextMessage(child, (message): message is { configured: true } => message?.configured === true);
      child.send({ configure: script } satisfies UpstreamCommand);
      await done;
    },
    async close() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send({ close: true } satisfies UpstreamCommand);
      await exited;
    },
  };
}
