import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildChatTestServer, type ChatTestContext } from '../../testing/build-chat-test-server.js';
import { startFakeUpstreams } from '../../testing/fake-upstreams/index.js';
import { NO_PARENT } from '../chat/message-tree.js';

let chat: ChatTestContext | undefined;
let directory: string | undefined;
afterEach(async () => {
  await chat?.close();
  chat = undefined;
  if (directory) rmSync(directory, { recursive: true, force: true });
  directory = undefined;
});

const auth = (context: ChatTestContext) => ({ authorization: `Bearer ${context.token}` });
const turn = (endpoint: string, model: string) => ({ text: 'Hello', conversationId: null, parentMessageId: NO_PARENT, endpoint, model });
const isTitleRequest = (body: { max_tokens?: number } | undefined) => body?.max_tokens === 16;

async function waitForTitle(context: ChatTestContext, conversationId: string): Promise<string | undefined> {
  const response = await context.app.inject({ method: 'POST', url: '/api/convos/gen_title', payload: { conversationId }, headers: auth(context) });
  return response.statusCode === 200 ? response.json().title : undefined;
}

describe('librechat.yaml settings of the built-in endpoints', () => {
  it('endpoints.anthropic: its model list wins over ANTHROPIC_MODELS and titleModel writes the titles', async () => {
    chat = await buildChatTestServer({ configPath: yamlFile('version: 1.2.1\nendpoints:\n  anthropic:\n    titleModel: claude-title\n    models: [claude-a, claude-b]\n') });
    chat.upstreams.anthropic.control.configure({ reply: (request) => (isTitleRequest(request.body) ? 'Greeting' : 'Hi there') });
    const models = (await chat.app.inject({ url: '/api/models', headers: auth(chat) })).json();
    expect(models.anthropic).toEqual(['claude-a', 'claude-b']);

    const final = (await chat.ask(turn('anthropic', 'claude-a'), { endpoint: 'anthropic' })).frames.at(-1)!.data;
    expect(await waitForTitle(chat, final.conversation.conversationId)).toBe('Greeting');
    const titleRequest = chat.upstreams.anthropic.control.requests.find((request) => isTitleRequest(request.body));
    expect(titleRequest?.body.model).toBe('claude-title');
  });

  it('endpoints.all overrides the endpoint: titleConvo false there means no title for google', async () => {
    chat = await buildChatTestServer({ configPath: yamlFile('version: 1.3.0\nendpoints:\n  all:\n    titleConvo: false\n  google:\n    titleConvo: true\n    titleModel: gemini-title\n') });
    const final = (await chat.ask(turn('google', 'gemini-1.5-flash'), { endpoint: 'google' })).frames.at(-1)!.data;
    expect(final.responseMessage.text.length).toBeGreaterThan(0);
    expect(await waitForTitle(chat, final.conversation.conversationId)).toBeUndefined();
    expect(chat.upstreams.google.control.requests).toHaveLength(1);
  });

  it('streamRate (here from endpoints.all) spaces the streamed chunks out', async () => {
    chat = await buildChatTestServer({ configPath: yamlFile('version: 1.3.0\nendpoints:\n  all:\n    streamRate: 80\n    titleConvo: false\n') });
    chat.upstreams.openai.control.configure({ reply: 'one two three four five', chunkSize: 5 });
    const started = Date.now();
    const { frames } = await chat.ask(turn('openAI', 'gpt-4o-mini'));
    const progress = frames.filter((frame) => frame.data.message === true);
    expect(progress).toHaveLength(5);
    // A pause after each of the five chunks: never faster than that, whatever the machine.
    expect(Date.now() - started).toBeGreaterThanOrEqual(5 * 80);
    expect(frames.at(-1)!.data.responseMessage.text).toBe('one two three four five');
  });
});

describe('a custom endpoint with provider: anthropic (config 1.3)', () => {
  it('talks to the endpoint with the Messages API and is listed as a custom endpoint with its icon and label', async () => {
    const upstreams = await startFakeUpstreams();
    try {
      const yaml = [
        'version: 1.3.13',
        'endpoints:',
        '  custom:',
        '    - name: Claude-Compatible',
        '      provider: anthropic',
        '      apiKey: gateway-key',
        `      baseURL: ${upstreams.anthropic.url}`,
        '      models:',
        '        default: [claude-gateway-1, claude-gateway-2]',
        '        fetch: false',
        '      titleConvo: false',
        '      modelDisplayLabel: Claude (Compatible)',
        '      iconURL: https://example.com/claude.svg',
        '',
      ].join('\n');
      chat = await buildChatTestServer({ configPath: yamlFile(yaml) });
      const endpoints = (await chat.app.inject({ url: '/api/endpoints', headers: auth(chat) })).json();
      expect(endpoints['Claude-Compatible']).toMatchObject({ type: 'custom', userProvide: false, iconURL: 'https://example.com/claude.svg', modelDisplayLabel: 'Claude (Compatible)' });
      const models = (await chat.app.inject({ url: '/api/models', headers: auth(chat) })).json();
      expect(models['Claude-Compatible']).toEqual(['claude-gateway-1', 'claude-gateway-2']);

      upstreams.anthropic.control.configure({ reply: 'Hello from the gateway' });
      const final = (await chat.ask(turn('Claude-Compatible', 'claude-gateway-2'), { endpoint: 'Claude-Compatible' })).frames.at(-1)!.data;
      expect(final.responseMessage).toMatchObject({ text: 'Hello from the gateway', sender: 'Claude (Compatible)' });
      const sent = upstreams.anthropic.control.lastRequest!;
      expect(sent.path).toBe('/v1/messages');
      // The SDK sends the key as a bearer token (older API versions used x-api-key).
      expect(sent.headers['x-api-key'] ?? sent.headers.authorization).toMatch(/^(Bearer )?gateway-key$/);
      expect(sent.body.model).toBe('claude-gateway-2');
    } finally {
      await upstreams.close();
    }
  });
});

function yamlFile(text: string): string {
  directory ??= mkdtempSync(path.join(tmpdir(), 'chatbox-yaml-endpoints-'));
  const file = path.join(directory, `librechat-${Math.random().toString(36).slice(2)}.yaml`);
  writeFileSync(file, text);
  return file;
}
