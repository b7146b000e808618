import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fakeLibrechatEnv, fakeUpstreamEnv } from '../fake-upstreams/fake-upstream-env.js';
import { startFakeUpstreams, type FakeUpstreams } from '../fake-upstreams/index.js';
import { startServe, type RunningServer } from '../run-cli.js';
import { createLibreChatClient, type LibreChatClient } from './librechat-client.js';

export interface ContractServer {
  url: string;
  server: RunningServer;
  upstreams: FakeUpstreams;
  /** A fresh client, signed up as a new user and signed in through the refresh cookie, as the client does. */
  signedUpClient(): Promise<{ client: LibreChatClient; userId: string }>;
  close(): Promise<void>;
}

let accounts = 0;

/**
 * A real `chatbox serve` (the built dist, a child process on a free loopback port, its own data
 * dir) whose built-in, Azure and custom endpoints talk to the fake upstreams in this process.
 */
export async function startContractServer(extraEnv: Record<string, string> | ((upstreams: FakeUpstreams) => Record<string, string>) = {}): Promise<ContractServer> {
  const upstreams = await startFakeUpstreams();
  // A function of the fakes when a variable must name one of them (ASSISTANTS_BASE_URL).
  const env = typeof extraEnv === 'function' ? extraEnv(upstreams) : extraEnv;
  const cwd = mkdtempSync(join(tmpdir(), 'chatbox-contract-'));
  // Every test signs up its own users: the registration limit would refuse the sixth.
  const limits = { REGISTER_MAX: '1000', LOGIN_MAX: '1000' };
  const server = await startServe({ cwd, env: { ...fakeUpstreamEnv(upstreams), ...fakeLibrechatEnv(upstreams), ...limits, ...env } }).catch(async (error: unknown) => {
    await upstreams.close();
    throw error;
  });
  return {
    url: server.url,
    server,
    upstreams,
    async signedUpClient() {
      accounts += 1;
      const client = createLibreChatClient(server.url);
      const email = `contract${accounts}-${Date.now()}@example.com`;
      const answer = await client.post('/api/auth/register', { name: 'Ada Lovelace', email, username: `ada${accounts}`, password: 'analytical-1', confirm_password: 'analytical-1' });
      if (answer.status < 200 || answer.status > 299) throw new Error(`register failed: ${answer.status} ${answer.text}`);
      // The client ignores the register answer and signs in through the refresh cookie it set.
      const refreshed = await client.post('/api/auth/refresh');
      if (!refreshed.json?.token) throw new Error(`refresh after register failed: ${refreshed.status} ${refreshed.text}`);
      client.setToken(refreshed.json.token);
      return { client, userId: refreshed.json.user.id };
    },
    async close() {
      await server.stop();
      await upstreams.close();
      rmSync(cwd, { recursive: true, force: true });
    },
  };
}
