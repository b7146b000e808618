import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fakeUpstreamEnv } from '../../testing/fake-upstreams/fake-upstream-env.js';
import type { FakeUpstreams } from '../../testing/fake-upstreams/index.js';
import { builtCliPath, startServe } from '../../testing/run-cli.js';
import { expectStatus, requestJson, type RequestOptions } from './http.js';

/**
 * The environment that lifts the per-user and per-IP limits: a benchmark sends far more messages from
 * one IP than the defaults allow (2 in flight per user, 40 a minute per IP, 7 logins per 5 minutes).
 */
export const unlimitedEnv: Record<string, string> = {
  LIMIT_CONCURRENT_MESSAGES: 'false',
  LIMIT_MESSAGE_IP: 'false',
  LIMIT_MESSAGE_USER: 'false',
  LOGIN_MAX: '100000',
  REGISTER_MAX: '100000',
  BAN_VIOLATIONS: 'false',
  // A full run takes longer than the default 15-minute access token.
  SESSION_EXPIRY: String(24 * 60 * 60 * 1000),
};

export interface BenchServer {
  url: string;
  pid: number;
  /** Error-level log lines (pino level ≥ 50) printed since the start. */
  errorLines(): string[];
  stop(): Promise<void>;
}

/**
 * `chatbox serve` from the built CLI (testing's startServe) in a temporary folder, or on the
 * given data dir. The log is drained as it comes, keeping only error lines: at info level the server
 * logs every request, and holding a full run's log would weigh on the load generator.
 */
export async function startBenchServer(options: { env?: Record<string, string>; dataDir?: string } = {}): Promise<BenchServer> {
  const cwd = mkdtempSync(join(tmpdir(), 'chatbox-bench-'));
  const args = options.dataDir ? ['--data-dir', options.dataDir] : [];
  const profileDir = process.env.CHATBOX_BENCH_CPU_PROF;
  // The profile is written when the server exits (SIGTERM → process.exit), one file per server.
  const command = profileDir ? [process.execPath, '--cpu-prof', '--cpu-prof-dir', profileDir, builtCliPath()] : undefined;
  // CHATBOX_BENCH_NODE_OPTIONS reaches only the benchmarked server (e.g. --trace-gc, or --import a tracing hook).
  const nodeOptions: Record<string, string> = process.env.CHATBOX_BENCH_NODE_OPTIONS ? { NODE_OPTIONS: process.env.CHATBOX_BENCH_NODE_OPTIONS } : {};
  const server = await startServe({ cwd, args, env: { ...nodeOptions, ...options.env }, command });
  const errors: string[] = [];
  let partial = '';
  const keepErrors = (chunk: Buffer) => {
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) if (/"level":(5|6)\d/.test(line)) errors.push(line.slice(0, 500));
  };
  for (const stream of [server.process.stdout!, server.process.stderr!]) {
    stream.removeAllListeners('data');
    stream.on('data', keepErrors);
  }
  return {
    url: server.url,
    pid: server.process.pid!,
    errorLines: () => errors,
    async stop() {
      await server.stop();
      rmSync(cwd, { recursive: true, force: true });
    },
  };
}

/**
 * The OpenAI endpoint pointed at a fake upstream, and no other provider: the benches stream through
 * OpenAI only, and a provider that is not configured is not loaded (so not in the measured memory).
 */
export function fakeOpenAIEnv(upstreamUrl: string): Record<string, string> {
  const fakes = { openai: { url: upstreamUrl }, anthropic: { url: upstreamUrl }, google: { url: upstreamUrl } } as unknown as FakeUpstreams;
  return Object.fromEntries(Object.entries(fakeUpstreamEnv(fakes)).filter(([name]) => name.startsWith('OPENAI_')));
}

export const benchPassword = 'bench-password-1';

/** Registers a user and returns its access token. */
export async function registerUser(url: string, email: string): Promise<string> {
  const body = { name: 'Bench User', email, password: benchPassword, confirm_password: benchPassword };
  const answer = expectStatus(await requestJson(`${url}/api/auth/register`, { body }), 200, `register ${email}`);
  return answer.body.token as string;
}

export async function logIn(url: string, email: string, options: RequestOptions = {}): Promise<string> {
  const answer = expectStatus(await requestJson(`${url}/api/auth/login`, { ...options, body: { email, password: benchPassword } }), 200, `log in ${email}`);
  return answer.body.token as string;
}
