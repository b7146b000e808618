import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../config/index.js';
import { customEndpointProviderNames } from '../core/endpoints/custom-endpoint-providers.js';
import { buildServer, type BuildServerOptions } from '../core/server/build-server.js';
import { createTestStore } from './test-store.js';

export interface TestServerOptions extends BuildServerOptions {
  /** Environment variables for this server only (the process environment is not read). */
  env?: Record<string, string>;
  /** A librechat.yaml to load. */
  configPath?: string;
}

/**
 * A full server on a fresh store (in-memory SQLite, or MongoDB under CHATBOX_TEST_STORE=mongo: see
 * createTestStore, unless `store` brings one) and a throwaway data dir, for app.inject tests.
 * Closing the app removes both.
 */
export async function buildTestServer(options: TestServerOptions = {}): Promise<FastifyInstance> {
  const dataDir = mkdtempSync(join(tmpdir(), 'chatbox-test-'));
  // Without plugins, config's default names (the built-in providers') decide what is listed as ignored.
  const customEndpointProviders = options.plugins && customEndpointProviderNames(options.plugins);
  const config = await loadConfig({ configPath: options.configPath, dataDir, env: { ...options.env }, customEndpointProviders });
  const app = await buildServer(config, {
    ...options,
    // LibreChat's example files name MCP servers fetched from the internet (npx -y …): only a test that asks connects.
    connectMcpServers: options.connectMcpServers ?? false,
    store: options.store ?? (await createTestStore()),
    uiDistDir: options.uiDistDir ?? join(dataDir, 'no-ui'),
  });
  app.addHook('onClose', async () => rmSync(dataDir, { recursive: true, force: true }));
  return app;
}

/** Registers an account through the API and returns its access token and refresh cookie. */
export async function registerUser(
  app: FastifyInstance,
  overrides: Partial<{ name: string; email: string; password: string; username: string }> = {},
): Promise<{ token: string; cookie: string; userId: string; email: string; password: string }> {
  const body = { name: 'Test User', email: `user-${Math.random().toString(36).slice(2, 10)}@example.com`, password: 'correct-horse-1', username: '', ...overrides };
  const response = await app.inject({ method: 'POST', url: '/api/auth/register', payload: { ...body, confirm_password: body.password } });
  if (response.statusCode !== 200) throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  const cookie = response.cookies.find((entry) => entry.name === 'refreshToken');
  return { token: response.json().token, cookie: cookie?.value ?? '', userId: response.json().user.id, email: body.email, password: body.password };
}

export interface SignedInUser {
  token: string;
  userId: string;
  /** The refresh cookie's value: what a browser sends with `<img src>`. */
  cookie: string;
}

/** A test server with two signed-in users: the usual cast of an isolation (IDOR) test. */
export async function twoSignedInUsers(options: TestServerOptions = {}): Promise<{ app: FastifyInstance; alice: SignedInUser; bob: SignedInUser }> {
  const app = await buildTestServer(options);
  return { app, alice: await registerUser(app), bob: await registerUser(app) };
}

/** The Authorization header of a signed-in user. */
export const bearer = (account: { token: string }) => ({ authorization: `Bearer ${account.token}` });
