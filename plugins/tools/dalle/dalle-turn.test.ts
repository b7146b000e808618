import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChatTestServer, type ChatTestContext } from '../../../testing/build-chat-test-server.js';
import { bearer } from '../../../testing/build-test-server.js';
import { startFakeOpenAIImages, type FakeOpenAIImages } from '../../../testing/fake-tool-services/fake-openai-images.js';
import type { RecordedRequest } from '../../../testing/fake-upstreams/index.js';

let chat: ChatTestContext;
let images: FakeOpenAIImages;

/** The tool results an OpenAI chat request carries. */
const toolResults = (request: RecordedRequest): string[] => (request.body?.messages ?? []).filter((message: { role: string }) => message.role === 'tool').map((message: { content: string }) => message.content);

beforeAll(async () => {
  images = await startFakeOpenAIImages();
  chat = await buildChatTestServer({ env: { DALLE3_BASEURL: `${images.url}/v1`, TITLE_CONVO: 'false', LIMIT_MESSAGE_IP: 'false' } });
  // The user installs the tool with their own key, as in the plugin store.
  const installed = await chat.app.inject({ method: 'POST', url: '/api/user/plugins', headers: bearer(chat), payload: { pluginKey: 'dalle', action: 'install', auth: { 'DALLE3_API_KEY||DALLE_API_KEY': images.apiKey } } });
  expect(installed.statusCode).toBe(200);
});
afterAll(async () => {
  await chat.close();
  await images.close();
});

describe('a turn on /api/ask where the model calls dalle', () => {
  it('generates the image, keeps it as the user\'s file and the reply shows it inline', async () => {
    // The model calls dalle first, then answers with what the tool gave it (as models do with LibreChat's image markdown).
    chat.upstreams.openai.control.configure({
      toolCalls: (request) => (toolResults(request).length === 0 ? [{ name: 'dalle', input: { prompt: 'A lighthouse at dusk, watercolour', size: '1024x1024' } }] : []),
      reply: (request) => (toolResults(request).length === 0 ? '' : `Here is your image:\n\n${toolResults(request)[0]}`),
    });
    const { frames } = await chat.ask({ text: 'Paint me a lighthouse', conversationId: null, parentMessageId: '00000000-0000-0000-0000-000000000000', model: 'gpt-4o-mini', endpoint: 'openAI', tools: ['dalle'] });
    const final = frames.at(-1)!.data;
    expect(final.final).toBe(true);

    const files = (await chat.app.inject({ method: 'GET', url: '/api/files', headers: bearer(chat) })).json();
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({ context: 'image_generation', type: 'image/png', width: 64, height: 48, conversationId: final.conversation.conversationId });
    const markdown = `![generated image](${files[0].filepath})`;
    expect(files[0].filepath).toBe(`/uploads/${chat.userId}/${files[0].file_id}.png`);

    expect(final.responseMessage.plugins).toEqual([{ runId: expect.any(String), latest: 'dalle', inputs: [JSON.stringify({ prompt: 'A lighthouse at dusk, watercolour', size: '1024x1024' })], outputs: markdown, loading: false }]);
    expect(final.responseMessage.text).toBe(`Here is your image:\n\n${markdown}`);
    expect(images.requests.at(-1)!.body).toMatchObject({ model: 'dall-e-3', prompt: 'A lighthouse at dusk, watercolour', size: '1024x1024' });

    const image = await chat.app.inject({ method: 'GET', url: files[0].filepath, headers: bearer(chat) });
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.equals(images.png)).toBe(true);
  });
});
