import { writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { NO_PARENT } from '../../chat/message-tree.js';
import { buildChatTestServer, type ChatTestContext } from '../../../testing/build-chat-test-server.js';

let chat: ChatTestContext | undefined;
let other: Server | undefined;
afterEach(async () => {
  await chat?.close();
  if (other) await new Promise((done) => other!.close(done));
  chat = undefined;
  other = undefined;
});

/** A loopback server that is not the operator's upstream: where a user's URL would lead. */
async function startOther(handle: (request: IncomingMessage, response: ServerResponse) => void): Promise<{ host: string; paths: string[] }> {
  const paths: string[] = [];
  other = createServer((request, response) => {
    paths.push(request.url ?? '');
    handle(request, response);
  });
  await new Promise<void>((done) => other!.listen(0, '127.0.0.1', done));
  return { host: `127.0.0.1:${(other.address() as AddressInfo).port}`, paths };
}

function writeYaml(lines: string[]): string {
  const path = join(tmpdir(), `chatbox-base-url-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}.yaml`);
  writeFileSync(path, ['version: 1.0.6', ...lines].join('\n'));
  return path;
}

const customEndpoint = (baseURL: string) => ['endpoints:', '  custom:', '    - name: "MyProxy"', '      apiKey: "user_provided"', `      baseURL: "${baseURL}"`, '      models:', '        default: ["proxy-model"]'];
const allowedHosts = (...hosts: string[]) => ['ssrf:', `  allowedHosts: [${hosts.map((host) => `"${host}"`).join(', ')}]`];
const customTurn = { text: 'Hello', conversationId: null, parentMessageId: NO_PARENT, endpoint: 'MyProxy', endpointType: 'custom', model: 'proxy-model' };

async function saveKey(context: ChatTestContext, name: string, value: Record<string, string>) {
  const saved = await context.app.inject({ method: 'PUT', url: '/api/keys', headers: { authorization: `Bearer ${context.token}` }, payload: { name, value: JSON.stringify(value), expiresAt: null } });
  expect(saved.statusCode).toBe(201);
}

const openaiCompletions = (context: ChatTestContext) => context.upstreams.openai.control.requests.filter((request) => request.path.endsWith('/chat/completions'));

describe("an operator's base URL with a user's key", () => {
  it('ignores a baseURL inside the saved key of a custom endpoint whose baseURL the yaml fixes', async () => {
    // Allow-listed, so that if the user's URL were used the call would really go there.
    const elsewhere = await startOther((_request, response) => response.writeHead(500).end());
    chat = await buildChatTestServer({ configPath: writeYaml([...allowedHosts(elsewhere.host), ...customEndpoint('${OPENAI_REVERSE_PROXY}')]) });
    await saveKey(chat, 'MyProxy', { apiKey: 'sk-user-own', baseURL: `http://${elsewhere.host}/v1` });
    const { frames } = await chat.ask(customTurn, { endpoint: 'custom' });
    expect(frames.at(-1)!.event).not.toBe('error');
    expect(frames.at(-1)!.data.final).toBe(true);
    expect(openaiCompletions(chat).at(-1)!.headers.authorization).toBe('Bearer sk-user-own');
    expect(elsewhere.paths).toEqual([]);
  });

  it('ignores a baseURL inside the saved key of a built-in endpoint (OPENAI_API_KEY=user_provided)', async () => {
    const elsewhere = await startOther((_request, response) => response.writeHead(500).end());
    chat = await buildChatTestServer({ configPath: writeYaml(allowedHosts(elsewhere.host)), env: { OPENAI_API_KEY: 'user_provided' } });
    await saveKey(chat, 'openAI', { apiKey: 'sk-user-openai', baseURL: `http://${elsewhere.host}/v1` });
    const { frames } = await chat.ask({ text: 'Hello', conversationId: null, parentMessageId: NO_PARENT, endpoint: 'openAI', model: 'gpt-4o-mini' });
    expect(frames.at(-1)!.data.final).toBe(true);
    expect(openaiCompletions(chat).at(-1)!.headers.authorization).toBe('Bearer sk-user-openai');
    expect(elsewhere.paths).toEqual([]);
  });
});

describe("a user's base URL on an allow-listed host that redirects", () => {
  /** Redirects every request to the same path on the OpenAI fake, which is on a loopback port nobody allowed. */
  const redirectTo = (target: () => string, status: number) => (request: IncomingMessage, response: ServerResponse) =>
    response.writeHead(status, { location: `${target()}${request.url}` }).end();

  it.each([301, 302, 307, 308])('refuses the hop to a loopback port that is not allow-listed (%d)', async (status) => {
    let target = '';
    const redirector = await startOther(redirectTo(() => target, status));
    chat = await buildChatTestServer({ configPath: writeYaml([...allowedHosts(redirector.host), ...customEndpoint('user_provided')]) });
    target = chat.upstreams.openai.url;
    await saveKey(chat, 'MyProxy', { apiKey: 'sk-user-own', baseURL: `http://${redirector.host}/v1` });
    const { frames } = await chat.ask(customTurn, { endpoint: 'custom' });
    // Reached (the SDK retries a failed connection), and only the hop after it was refused.
    expect(redirector.paths.length).toBeGreaterThan(0);
    expect(new Set(redirector.paths)).toEqual(new Set(['/v1/chat/completions']));
    expect(frames.at(-1)!.event).toBe('error');
    expect(frames.at(-1)!.data.text).toMatch(/127\.0\.0\.1 is a private address/);
    expect(openaiCompletions(chat)).toHaveLength(0);
  });

  it('follows the hop when the operator allow-listed its target too', async () => {
    let target = '';
    const redirector = await startOther(redirectTo(() => target, 307));
    chat = await buildChatTestServer({ configPath: writeYaml([...allowedHosts(redirector.host, '${FAKE_OPENAI_HOST}'), ...customEndpoint('user_provided')]) });
    target = chat.upstreams.openai.url;
    await saveKey(chat, 'MyProxy', { apiKey: 'sk-user-own', baseURL: `http://${redirector.host}/v1` });
    const { frames } = await chat.ask(customTurn, { endpoint: 'custom' });
    expect(frames.at(-1)!.data.final).toBe(true);
    expect(openaiCompletions(chat)).toHaveLength(1);
  });
});
