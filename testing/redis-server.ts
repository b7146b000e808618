import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Whether Debian's redis-server is installed (.ci/run installs it). */
export const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;

export interface TestRedis {
  uri: string;
  /** Stops the server (as a crash would: SIGKILL) and starts it again empty, on the same port. */
  restart(options?: { downMs?: number }): Promise<void>;
  stop(): Promise<void>;
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function startProcess(port: number, dir: string): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`redis-server did not start: ${output}`)), 10_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited with ${code}: ${output}`));
    });
  });
}

const exited = (child: ChildProcess) => new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));

/** A throwaway redis-server on a free loopback port, persisting nothing, in a temporary directory. */
export async function startTestRedis(): Promise<TestRedis> {
  const dir = mkdtempSync(join(tmpdir(), 'chatbox-redis-'));
  const port = await freePort();
  let child: ChildProcess | null = await startProcess(port, dir);
  const stop = async () => {
    if (!child) return;
    const running = child;
    child = null;
    running.kill('SIGKILL');
    await exited(running);
  };
  return {
    uri: `redis://127.0.0.1:${port}`,
    stop,
    async restart({ downMs = 300 } = {}) {
      await stop();
      await new Promise((resolve) => setTimeout(resolve, downMs));
      child = await startProcess(port, dir);
    },
    async close() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
