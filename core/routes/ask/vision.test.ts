import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { buildChatTestServer, type ChatTestContext } from '../../../testing/build-chat-test-server.js';
import { registerUser } from '../../../testing/build-test-server.js';
import { clientUpload, multipartBody } from '../../../testing/multipart-body.js';
import type { FakeUpstream } from '../../../testing/fake-upstreams/index.js';
import { NO_PARENT } from '../../chat/message-tree.js';

let chat: ChatTestContext;
afterEach(async () => {
  await chat?.close();
});

/** No background title requests: every request a fake receives is a turn's. */
const noTitles = { env: { TITLE_CONVO: 'false' } };

/** The chat requests a fake received (model lists are GETs). */
const chatRequests = (upstream: FakeUpstream) => upstream.control.requests.filter((request) => request.method === 'POST');

interface UploadedImage {
  file_id: string;
  filepath: string;
  type: string;
  width: number;
  height: number;
}

/** Uploads a solid image through POST /api/files/images, as LibreChat's client does. */
async function uploadImage(width: number, height: number, token = chat.token): Promise<UploadedImage> {
  const jpeg = new Uint8Array(await sharp({ create: { width, height, channels: 3, background: { r: 0, g: 128, b: 255 } } }).jpeg().toBuffer());
  const { payload, headers } = await multipartBody(clientUpload({ content: jpeg, fileName: 'picture.jpg', type: 'image/jpeg' }, [['width', String(width)], ['height', String(height)]]));
  const response = await chat.app.inject({ method: 'POST', url: '/api/files/images', payload, headers: { ...headers, authorization: `Bearer ${token}` } });
  expect(response.statusCode).toBe(200);
  return response.json();
}

/** The `files` entry LibreChat's client puts on the ask body. */
const attached = (image: UploadedImage) => ({ file_id: image.file_id, filepath: image.filepath, type: image.type, width: image.width, height: image.height });

const turn = (extra: Record<string, unknown>) => ({ text: 'What is in this picture?', conversationId: null, parentMessageId: NO_PARENT, ...extra });

async function sidesOf(base64: string): Promise<{ width?: number; height?: number; format?: string }> {
  const { width, height, format } = await sharp(Buffer.from(base64, 'base64')).metadata();
  return { width, height, format };
}

describe('images to OpenAI', () => {
  it('sends image_url parts with the conversation\'s imageDetail after the text, and counts their tokens', async () => {
    chat = await buildChatTestServer(noTitles);
    chat.upstreams.openai.control.configure({ reply: 'A blue square.' });
    const image = await uploadImage(1600, 1200);
    expect(image).toMatchObject({ width: 1024, height: 768, type: 'image/png' });
    const { frames } = await chat.ask(turn({ model: 'gpt-4o-mini', endpoint: 'openAI', imageDetail: 'high', files: [attached(image)] }));
    const final = frames.at(-1)!.data;
    expect(final.final).toBe(true);

    const sent = chatRequests(chat.upstreams.openai).at(-1)!.body;
    const user = sent.messages.at(-1);
    expect(user.content).toEqual([
      { type: 'text', text: 'What is in this picture?' },
      { type: 'image_url', image_url: { url: expect.stringMatching(/^data:image\/png;base64,/), detail: 'high' } },
    ]);
    expect(await sidesOf(user.content[1].image_url.url.split(',')[1])).toEqual({ width: 1024, height: 768, format: 'png' });

    // The user message keeps its files, and its token count the image's: 2×2 tiles × 170 + 85.
    expect(final.requestMessage.files).toEqual([{ file_id: image.file_id, filename: 'picture.jpg', filepath: image.filepath, type: 'image/png', embedded: false, width: 1024, height: 768 }]);
    expect(final.requestMessage.tokenCount).toBeGreaterThanOrEqual(765);
    expect(final.requestMessage.tokenCount).toBeLessThan(765 + 20);
  });

  it('counts 85 tokens for a low-detail image and re-sends earlier images on the next turn (resendFiles default), not when it is off', async () => {
    chat = await buildChatTestServer(noTitles);
    chat.upstreams.openai.control.configure({ reply: 'Blue.' });
    const image = await uploadImage(600, 400);
    const first = (await chat.ask(turn({ model: 'gpt-4o-mini', endpoint: 'openAI', imageDetail: 'low', files: [attached(image)] }))).frames.at(-1)!.data;
    expect(first.requestMessage.tokenCount).toBeGreaterThanOrEqual(85);
    expect(first.requestMessage.tokenCount).toBeLessThan(85 + 20);

    const next = { text: 'And now?', model: 'gpt-4o-mini', endpoint: 'openAI', conversationId: first.conversation.conversationId, parentMessageId: first.responseMessage.messageId };
    await chat.ask(next);
    const resent = chatRequests(chat.upstreams.openai).at(-1)!.body.messages;
    expect(resent.map((message: { role: string }) => message.role)).toEqual(['user', 'assistant', 'user']);
    expect(resent[0].content[1]).toMatchObject({ type: 'image_url', image_url: { detail: 'low' } });
    expect(resent[2].content).toBe('And now?');

    const second = (await chat.ask(next)).frames.at(-1)!.data;
    await chat.ask({ ...next, parentMessageId: second.responseMessage.messageId, resendFiles: false });
    const notResent = chatRequests(chat.upstreams.openai).at(-1)!.body.messages;
    expect(notResent[0].content).toBe('What is in this picture?');
  });

  it('regenerating a reply sends the user message\'s images again, without the client resending files', async () => {
    chat = await buildChatTestServer(noTitles);
    chat.upstreams.openai.control.configure({ reply: 'Blue.' });
    const image = await uploadImage(64, 64);
    const first = (await chat.ask(turn({ model: 'gpt-4o-mini', endpoint: 'openAI', files: [attached(image)] }))).frames.at(-1)!.data;
    const before = chatRequests(chat.upstreams.openai).length;
    const { frames } = await chat.ask({ ...turn({ model: 'gpt-4o-mini', endpoint: 'openAI' }), conversationId: first.conversation.conversationId, parentMessageId: first.requestMessage.messageId, overrideParentMessageId: first.requestMessage.messageId, isRegenerate: true });
    expect(frames.at(-1)!.data.final).toBe(true);
    const requests = chatRequests(chat.upstreams.openai);
    expect(requests.length).toBe(before + 1);
    expect(requests.at(-1)!.body.messages.at(-1).content[1]).toMatchObject({ type: 'image_url' });
  });

  it('counts image tokens toward the balance check (promptTokens of token_balance)', async () => {
    chat = await buildChatTestServer({ env: { ...noTitles.env, CHECK_BALANCE: 'true' } });
    const image = await uploadImage(1600, 1200);
    const textOnly = JSON.parse((await chat.ask(turn({ model: 'gpt-4o-mini', endpoint: 'openAI' }))).frames.at(-1)!.data.text);
    const withImage = JSON.parse((await chat.ask(turn({ model: 'gpt-4o-mini', endpoint: 'openAI', imageDetail: 'high', files: [attached(image)] }))).frames.at(-1)!.data.text);
    expect(withImage).toMatchObject({ type: 'token_balance', balance: 0 });
    expect(withImage.promptTokens - textOnly.promptTokens).toBe(765);
  });

  it('refuses images for a model without vision with a clear error frame, before any upstream call', async () => {
    chat = await buildChatTestServer({ env: { ...noTitles.env, OPENAI_MODELS: 'gpt-4o-mini,gpt-3.5-turbo' } });
    const image = await uploadImage(64, 64);
    const { frames } = await chat.ask(turn({ model: 'gpt-3.5-turbo', endpoint: 'openAI', files: [attached(image)] }));
    const last = frames.at(-1)!;
    expect(last.data.error).toBe(true);
    expect(JSON.stringify(last.data.text)).toMatch(/gpt-3\.5-turbo cannot see images/);
    expect(frames.some((frame) => frame.data.created)).toBe(false);
    expect(chatRequests(chat.upstreams.openai)).toEqual([]);
  });

  it('switches to the endpoint\'s default vision model when it offers one (as LibreChat), and keeps it on the conversation', async () => {
    chat = await buildChatTestServer({ env: { ...noTitles.env, OPENAI_MODELS: 'gpt-3.5-turbo,gpt-4-vision-preview' } });
    chat.upstreams.openai.control.configure({ reply: 'Blue.' });
    const image = await uploadImage(64, 64);
    const { frames } = await chat.ask(turn({ model: 'gpt-3.5-turbo', endpoint: 'openAI', files: [attached(image)] }));
    expect(frames.at(-1)!.data.conversation.model).toBe('gpt-4-vision-preview');
    expect(chatRequests(chat.upstreams.openai).at(-1)!.body.model).toBe('gpt-4-vision-preview');
  });

  it('looks each file up by id and owner: another user\'s image answers 404 and reaches no model', async () => {
    chat = await buildChatTestServer(noTitles);
    const bob = await registerUser(chat.app);
    const bobsImage = await uploadImage(64, 64, bob.token);
    const { status, body } = await chat.ask(turn({ model: 'gpt-4o-mini', endpoint: 'openAI', files: [attached(bobsImage)] }));
    expect(status).toBe(404);
    expect(body).not.toContain(bobsImage.filepath);
    expect(chatRequests(chat.upstreams.openai)).toEqual([]);
    const malformed = await chat.ask(turn({ model: 'gpt-4o-mini', endpoint: 'openAI', files: [{ filepath: '/uploads/x/y.png' }] }));
    expect(malformed.status).toBe(400);
  });

  it('clears the temp_file_id of a file once a message uses it (LibreChat\'s updateFileUsage), and only of that file', async () => {
    chat = await buildChatTestServer(noTitles);
    chat.upstreams.openai.control.configure({ reply: 'Blue.' });
    const [used, unused] = [await uploadImage(64, 64), await uploadImage(32, 32)];
    const temporaryIds = async () => {
      const listed = await chat.app.inject({ method: 'GET', url: '/api/files', headers: { authorization: `Bearer ${chat.token}` } });
      return Object.fromEntries(listed.json().map((file: { file_id: string; temp_file_id?: string }) => [file.file_id, file.temp_file_id ?? null]));
    };
    const before = await temporaryIds();
    expect(before[used.file_id]).toEqual(expect.any(String));
    expect(before[unused.file_id]).toEqual(expect.any(String));

    const final = (await chat.ask(turn({ model: 'gpt-4o-mini', endpoint: 'openAI', files: [attached(used)] }))).frames.at(-1)!.data;
    expect(final.final).toBe(true);
    expect(await temporaryIds()).toEqual({ [used.file_id]: null, [unused.file_id]: before[unused.file_id] });
  });
});

describe('images to a custom (OpenAI-compatible) endpoint', () => {
  it('sends image_url parts with detail through the OpenAI SDK', async () => {
    const yaml = join(tmpdir(), `chatbox-vision-${process.pid}-${Date.now()}.yaml`);
    writeFileSync(yaml, ['version: 1.0.6', 'endpoints:', '  custom:', '    - name: "Local"', '      apiKey: "sk-local"', '      baseURL: "${OPENAI_REVERSE_PROXY}"', '      models:', '        default: ["llava-13b"]'].join('\n'));
    try {
      chat = await buildChatTestServer({ ...noTitles, configPath: yaml });
      chat.upstreams.openai.control.configure({ reply: 'Blue.' });
      const image = await uploadImage(64, 64);
      const { frames } = await chat.ask(turn({ endpoint: 'Local', endpointType: 'custom', model: 'llava-13b', imageDetail: 'low', files: [attached(image)] }), { endpoint: 'custom' });
      expect(frames.at(-1)!.data.final).toBe(true);
      const sent = chatRequests(chat.upstreams.openai).at(-1)!.body;
      expect(sent.model).toBe('llava-13b');
      expect(sent.messages.at(-1).content[1]).toEqual({ type: 'image_url', image_url: { url: expect.stringMatching(/^data:image\/png;base64,/), detail: 'low' } });
    } finally {
      rmSync(yaml, { force: true });
    }
  });
});

describe('images to Anthropic and Google', () => {
  it('Anthropic gets a base64 image block before the text, resized to a 1568-px long side', async () => {
    chat = await buildChatTestServer(noTitles);
    chat.upstreams.anthropic.control.configure({ reply: 'A wide blue strip.' });
    const image = await uploadImage(3000, 1000);
    expect(image).toMatchObject({ width: 2000, height: 667 });
    const { frames } = await chat.ask(turn({ model: 'claude-3-5-haiku-latest', endpoint: 'anthropic', files: [attached(image)] }), { endpoint: 'anthropic' });
    expect(frames.at(-1)!.data.final).toBe(true);
    const content = chatRequests(chat.upstreams.anthropic).at(-1)!.body.messages.at(-1).content;
    expect(content).toEqual([
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: expect.any(String) } },
      { type: 'text', text: 'What is in this picture?' },
    ]);
    expect(await sidesOf(content[0].source.data)).toEqual({ width: 1568, height: 523, format: 'png' });
  });

  it('Google gets inlineData parts', async () => {
    chat = await buildChatTestServer(noTitles);
    chat.upstreams.google.control.configure({ reply: 'Blue.' });
    const image = await uploadImage(100, 80);
    const { frames } = await chat.ask(turn({ model: 'gemini-1.5-flash', endpoint: 'google', files: [attached(image)] }), { endpoint: 'google' });
    expect(frames.at(-1)!.data.final).toBe(true);
    const parts = chatRequests(chat.upstreams.google).at(-1)!.body.contents.at(-1).parts;
    expect(parts).toContainEqual({ inlineData: { mimeType: 'image/png', data: expect.any(String) } });
    expect(parts).toContainEqual({ text: 'What is in this picture?' });
    const inline = parts.find((part: { inlineData?: { data: string } }) => part.inlineData);
    expect(await sidesOf(inline.inlineData.data)).toEqual({ width: 100, height: 80, format: 'png' });
  });
});
