import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { get } from 'node:http';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildTestServer, registerUser } from '../../testing/build-test-server.js';
import type { ChatProvider } from '../plugin-api/index.js';

let app: FastifyInstance;
const temporary: string[] = [];
afterEach(async () => {
  await app?.close();
  for (const path of temporary.splice(0)) rmSync(path, { recursive: true, force: true });
});

function fakeUi(): string {
  const dir = mkdtempSync(join(tmpdir(), 'chatbox-ui-'));
  temporary.push(dir);
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><div id="root">chatbox ui</div>');
  writeFileSync(join(dir, 'assets', 'main-abc123.js'), 'console.log(1)');
  return dir;
}

describe('health, config and the UI', () => {
  it('logs one line per request, when it ends, with the status and the time taken', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const stream = new Writable({ write: (chunk: Buffer, _encoding, done) => (lines.push(JSON.parse(chunk.toString())), done()) });
    app = await buildTestServer({ logger: { level: 'info', stream } });
    await app.inject({ url: '/health' });
    await app.inject({ url: '/api/nothing-here' });
    const requestLines = lines.filter((line) => line.req !== undefined || /request/.test(String(line.msg)));
    expect(requestLines.map((line) => [line.msg, (line.req as { url: string }).url, (line.res as { statusCode: number }).statusCode])).toEqual([
      ['request completed', '/health', 200],
      ['request completed', '/api/nothing-here', 404],
    ]);
    expect(requestLines[0].responseTime).toEqual(expect.any(Number));
  });

  it('logs a reply taken over for a stream when it ends, and says when the client left first', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const stream = new Writable({ write: (chunk: Buffer, _encoding, done) => (lines.push(JSON.parse(chunk.toString())), done()) });
    app = await buildTestServer({ logger: { level: 'info', stream } });
    app.get('/test-stream', (_request, reply) => {
      reply.hijack();
      reply.raw.writeHead(200, { 'content-type': 'text/event-stream' });
      reply.raw.write('data: first\n\n');
    });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    await new Promise<void>((resolve) => {
      const request = get(`${address}/test-stream`, (response) => response.once('data', () => (request.destroy(), resolve())));
    });
    await vi.waitFor(() => expect(lines.some((line) => /aborted/.test(String(line.msg)))).toBe(true));
    expect(lines.filter((line) => line.req !== undefined).map((line) => [line.msg, (line.res as { statusCode: number }).statusCode])).toEqual([['request aborted by the client', 200]]);
  });

  it('answers /health and the startup config from env and yaml', async () => {
    app = await buildTestServer({
      env: { APP_TITLE: 'Team Chat', CUSTOM_FOOTER: 'Be kind', HELP_AND_FAQ_URL: 'https://help.example.com', CHECK_BALANCE: 'true', ALLOW_SOCIAL_LOGIN: 'true', GITHUB_CLIENT_ID: 'id', GITHUB_CLIENT_SECRET: 'secret' },
      configPath: new URL('./__fixtures__/interface.yaml', import.meta.url).pathname,
    });
    expect((await app.inject({ url: '/health' })).json()).toEqual({ status: 'ok' });
    const config = (await app.inject({ url: '/api/config' })).json();
    expect(config).toMatchObject({
      appTitle: 'Team Chat',
      customFooter: 'Be kind',
      helpAndFaqURL: 'https://help.example.com',
      checkBalance: true,
      registrationEnabled: true,
      emailLoginEnabled: true,
      emailEnabled: false,
      githubLoginEnabled: true,
      googleLoginEnabled: false,
      socialLoginEnabled: true,
      socialLogins: ['github', 'google'],
      avatarSizeLimit: 3 * 1024 * 1024,
      interface: { privacyPolicy: { externalUrl: 'https://example.com/privacy', openNewTab: true } },
    });
    expect(JSON.stringify(config)).not.toMatch(/secret/);
  });

  it('serves the built UI with an SPA fallback and immutable hashed assets, but never for /api', async () => {
    app = await buildTestServer({ uiDistDir: fakeUi() });
    const page = await app.inject({ url: '/c/new' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('chatbox ui');
    const asset = await app.inject({ url: '/assets/main-abc123.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
    const api = await app.inject({ url: '/api/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ code: 'not_found', message: 'Route GET /api/nothing-here not found' });
    expect(page.headers['x-frame-options']).toBe('DENY');
    const policy = String(page.headers['content-security-policy']);
    for (const directive of ["script-src 'self'", "style-src 'self'", "object-src 'none'", "frame-ancestors 'none'", "base-uri 'self'"]) expect(policy).toContain(directive);
    expect(policy).not.toContain('unsafe-inline');
  });

  it('explains itself with a plain page when the UI was not built', async () => {
    app = await buildTestServer();
    const page = await app.inject({ url: '/login' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('npm run build');
  });
});

describe('endpoints and models', () => {
  const provider = (models: string[] | Error): ChatProvider => ({
    id: 'fake',
    listModels: async () => {
      if (models instanceof Error) throw models;
      return models;
    },
    stream: async function* () {
      yield { type: 'finish', finishReason: 'stop' } as const;
    },
  });

  it('are empty without providers and need a signed-in user', async () => {
    app = await buildTestServer();
    expect((await app.inject({ url: '/api/endpoints' })).statusCode).toBe(401);
    const { token } = await registerUser(app);
    const headers = { authorization: `Bearer ${token}` };
    expect((await app.inject({ url: '/api/endpoints', headers })).json()).toEqual({});
    expect((await app.inject({ url: '/api/models', headers })).json()).toEqual({});
  });

  it('list configured endpoints in LibreChat shape and tolerate a provider that cannot list', async () => {
    app = await buildTestServer({
      endpoints: [
        { name: 'openAI', order: 0, userProvide: false, userProvideURL: false, provider: provider(['gpt-4o', 'gpt-4o-mini']) },
        { name: 'Ollama', type: 'custom', order: 1, userProvide: true, userProvideURL: true, iconURL: '/ollama.png', modelDisplayLabel: 'Ollama', provider: provider(new Error('down')) },
      ],
    });
    const { token } = await registerUser(app);
    const headers = { authorization: `Bearer ${token}` };
    expect((await app.inject({ url: '/api/endpoints', headers })).json()).toEqual({
      openAI: { order: 0, userProvide: false, userProvideURL: false, azure: false },
      Ollama: { order: 1, type: 'custom', userProvide: true, userProvideURL: true, iconURL: '/ollama.png', modelDisplayLabel: 'Ollama', azure: false },
    });
    expect((await app.inject({ url: '/api/models', headers })).json()).toEqual({ openAI: ['gpt-4o', 'gpt-4o-mini'], Ollama: [] });
  });
});

describe('request bodies', () => {
  it('treats an empty JSON body as none, and still refuses broken JSON and prototype pollution', async () => {
    app = await buildTestServer();
    const headers = { 'content-type': 'application/json' };
    const empty = await app.inject({ method: 'POST', url: '/api/auth/logout', headers, payload: '' });
    expect(empty.statusCode).toBe(200);
    const broken = await app.inject({ method: 'POST', url: '/api/auth/login', headers, payload: '{"email":' });
    expect(broken.statusCode).toBe(400);
    const poisoned = await app.inject({ method: 'POST', url: '/api/auth/login', headers, payload: '{"__proto__":{"admin":true},"email":"a@b.co","password":"password1"}' });
    expect(poisoned.statusCode).toBe(400);
  });
});
