import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChatTestServer, type ChatTestContext } from '../../../testing/build-chat-test-server.js';
import { startFakeWebSite } from '../../../testing/fake-tool-services/fake-web-site.js';
import type { MediaFake } from '../../../testing/fake-tool-services/media-fake-server.js';
import type { RecordedRequest } from '../../../testing/fake-upstreams/index.js';
import { writeYamlFile } from '../../../testing/yaml-file.js';

let site: MediaFake;
const yaml: Array<{ remove(): void }> = [];

const toolResults = (request: RecordedRequest): string[] => (request.body?.messages ?? []).filter((message: { role: string }) => message.role === 'tool').map((message: { content: string }) => message.content);

/** A turn where the model browses `url`, then answers with the tool's result. */
async function browseInTurn(chat: ChatTestContext, url: string) {
  chat.upstreams.openai.control.configure({
    toolCalls: (request) => (toolResults(request).length === 0 ? [{ name: 'web-browser', input: { input: `"${url}","lamp"` } }] : []),
    reply: (request) => toolResults(request)[0] ?? '',
  });
  const { frames } = await chat.ask({ text: 'Read the page', conversationId: null, parentMessageId: '00000000-0000-0000-0000-000000000000', model: 'gpt-4o-mini', endpoint: 'openAI', tools: ['web-browser'] });
  return frames.at(-1)!.data;
}

beforeAll(async () => {
  site = await startFakeWebSite();
});
afterAll(async () => {
  await site.close();
  for (const file of yaml) file.remove();
});

describe('the web-browser tool in a turn (ToolContext.fetch is the SSRF guard of librechat.yaml)', () => {
  it('refuses a loopback page when ssrf.allowedHosts does not list it: the model is told, the site never hit', async () => {
    const chat = await buildChatTestServer({ env: { TITLE_CONVO: 'false' } });
    try {
      const final = await browseInTurn(chat, `${site.url}/article`);
      expect(final.responseMessage.plugins).toEqual([expect.objectContaining({ latest: 'web-browser', loading: false, error: true, outputs: expect.stringMatching(/^error processing tool web-browser: could not reach .*127\.0\.0\.1 is a private address/) })]);
      expect(site.requests).toHaveLength(0);
    } finally {
      await chat.close();
    }
  });

  it('reads the page when ssrf.allowedHosts lists its host and port', async () => {
    const file = writeYamlFile(`ssrf:\n  allowedHosts:\n    - "127.0.0.1:${site.port}"\n`);
    yaml.push(file);
    const chat = await buildChatTestServer({ configPath: file.path, env: { TITLE_CONVO: 'false' } });
    try {
      const final = await browseInTurn(chat, `${site.url}/article`);
      expect(final.responseMessage.plugins).toEqual([expect.objectContaining({ latest: 'web-browser', loading: false, outputs: expect.stringContaining('its lamp burned whale oil') })]);
      expect(final.responseMessage.text).toContain('Title: Lighthouses & Their Keepers');
    } finally {
      await chat.close();
    }
  });
});
