import type { StartupConfig } from '@protocol';
import { vi } from 'vitest';
import { defaultStartupConfig } from '../lib/startup-config/default-startup-config.js';

export interface RecordedRequest {
  method: string;
  /** Path with query string, e.g. /api/auth/refresh?retry=true */
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

type Reply = Response | Promise<Response>;
/** Keyed by "METHOD /path" (query ignored) or "METHOD /path?query" (exact). */
export type Handlers = Record<string, (request: RecordedRequest) => Reply>;

export function json(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

export const testUser = {
  id: 'u1',
  _id: 'u1',
  name: 'Ada Lovelace',
  username: 'ada',
  email: 'ada@example.com',
  emailVerified: true,
  avatar: null,
  provider: 'local',
  role: 'USER',
  plugins: [],
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-01T00:00:00.000Z',
};

export const testConfig = (overrides: Partial<StartupConfig> = {}): StartupConfig => ({
  ...defaultStartupConfig,
  appTitle: 'TestChat',
  version: '1.2.3',
  ...overrides,
});

/**
 * Replaces global fetch. Unless overridden: no session on refresh, the test config, the test user,
 * an empty conversation list and search off.
 * Unknown routes answer 404 so a forgotten handler fails loudly.
 */
export function mockFetch(handlers: Handlers = {}) {
  const all: Handlers = {
    'POST /api/auth/refresh': () => json(200, {}),
    'GET /api/config': () => json(200, testConfig()),
    'GET /api/user': () => json(200, testUser),
    // The sidebar asks for these on every authenticated screen: an empty history, no search.
    'GET /api/convos': () => json(200, { conversations: [], pages: 1, pageNumber: 1, pageSize: 25 }),
    'GET /api/search/enable': () => json(200, false),
    ...handlers,
  };
  const requests: RecordedRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const method = init.method ?? 'GET';
    const headers = { ...(init.headers as Record<string, string> | undefined) };
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : init.body;
    const request = { method, url, headers, body };
    requests.push(request);
    const handler = all[`${method} ${url}`] ?? all[`${method} ${url.split('?')[0]}`];
    return handler ? handler(request) : json(404, { message: `No handler for ${method} ${url}` });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, requests, callsTo: (method: string, path: string) => requests.filter((r) => r.method === method && r.url.split('?')[0] === path) };
}

/** A promise with its resolve exposed, to hold a response until the test releases it. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}
