import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeOpenAIImages, type FakeOpenAIImages } from '../../../testing/fake-tool-services/fake-openai-images.js';
import { mediaToolContext } from '../../../testing/fake-tool-services/media-tool-context.js';
import { dallEToolPlugin } from '../dall-e/plugin.js';
import { dalleToolPlugin } from './plugin.js';
import { dalleSettingsSchema } from './settings.js';
import { dallESettingsSchema } from '../dall-e/settings.js';

let images: FakeOpenAIImages;
const log = { debug() {}, info() {}, warn() {}, error() {} };
const dalle = (env: Record<string, string> = {}) => dalleToolPlugin.setup({ settings: dalleSettingsSchema.parse({ DALLE3_BASEURL: `${images.url}/v1`, ...env }), log });
const key = { DALLE3_API_KEY: 'sk-images-test' };

beforeAll(async () => {
  images = await startFakeOpenAIImages();
});
afterAll(() => images.close());
beforeEach(() => {
  images.requests.length = 0;
  images.behaviour = { answer: 'b64_json' };
});

describe('the dalle tool (DALL-E-3)', () => {
  it('is LibreChat\'s `dalle` with its credential field and a prompt, style, quality and size', async () => {
    const tool = await dalle();
    expect(tool.name).toBe('dalle');
    expect(tool.manifest).toMatchObject({ displayName: 'DALL-E-3', credentials: [{ authField: 'DALLE3_API_KEY||DALLE_API_KEY', label: 'OpenAI API Key' }] });
    expect(tool.inputSchema).toMatchObject({ type: 'object', required: ['prompt'], properties: { style: { enum: ['vivid', 'natural'] }, size: { enum: ['1024x1024', '1792x1024', '1024x1792'] } } });
  });

  it('generates through the images API, keeps the PNG as the user\'s file and answers its markdown', async () => {
    const context = mediaToolContext({ credentials: key });
    const output = await (await dalle()).execute({ prompt: 'A watercolour of a lighthouse at dusk', size: '1792x1024' }, context);
    expect(output).toEqual([{ type: 'text', text: '![generated image](/images/user-1/file-1.png)' }]);
    expect(images.requests.at(-1)).toMatchObject({ path: '/v1/images/generations', headers: { authorization: 'Bearer sk-images-test' } });
    expect(images.requests.at(-1)!.body).toEqual({ model: 'dall-e-3', prompt: 'A watercolour of a lighthouse at dusk', n: 1, style: 'vivid', quality: 'standard', size: '1792x1024', response_format: 'b64_json' });
    expect(context.saved).toHaveLength(1);
    expect(Buffer.from(context.saved[0]!.body).equals(images.png)).toBe(true);
    expect(context.saved[0]).toMatchObject({ mediaType: 'image/png', name: 'img-a-watercolour-of-a-lighthouse-at-dusk.png' });
  });

  it('sends a gpt-image model its own quality and size names and no response_format', async () => {
    await (await dalle({ DALLE3_MODEL: 'gpt-image-1' })).execute({ prompt: 'A fox', quality: 'hd', size: '1024x1792' }, mediaToolContext({ credentials: key }));
    expect(images.requests.at(-1)!.body).toEqual({ model: 'gpt-image-1', prompt: 'A fox', n: 1, quality: 'high', size: '1024x1536' });
  });

  it('downloads a `url` answer through the guarded fetch, and refuses it when the address is private and not allow-listed', async () => {
    images.behaviour = { answer: 'url' };
    const allowed = mediaToolContext({ credentials: key, allowedHosts: [`127.0.0.1:${images.port}`] });
    await (await dalle()).execute({ prompt: 'A fox' }, allowed);
    expect(Buffer.from(allowed.saved[0]!.body).equals(images.png)).toBe(true);
    const guarded = mediaToolContext({ credentials: key });
    await expect((await dalle()).execute({ prompt: 'A fox' }, guarded)).rejects.toThrow(/^could not reach the generated image's address: 127\.0\.0\.1 is a private address/);
    expect(guarded.saved).toHaveLength(0);
  });

  it('says which variables to set when it has no key, without calling the API', async () => {
    await expect((await dalle()).execute({ prompt: 'A fox' }, mediaToolContext())).rejects.toThrow('DALL-E-3 has no OpenAI API key: install the tool with one, or the operator sets DALLE3_API_KEY or DALLE_API_KEY');
    expect(images.requests).toHaveLength(0);
  });

  it('answers the service\'s error in words (a wrong key, a refused prompt)', async () => {
    await expect((await dalle()).execute({ prompt: 'A fox' }, mediaToolContext({ credentials: { DALLE3_API_KEY: 'sk-wrong' } }))).rejects.toThrow('the images API answered 401: Incorrect API key provided.');
    images.behaviour = { answer: 'error', status: 400, message: 'Your request was rejected by the safety system.' };
    await expect((await dalle()).execute({ prompt: 'A fox' }, mediaToolContext({ credentials: key }))).rejects.toThrow('the images API answered 400: Your request was rejected by the safety system.');
  });

  it('stops the request when its signal fires', async () => {
    images.behaviour = { answer: 'hang' };
    const controller = new AbortController();
    const running = (await dalle()).execute({ prompt: 'A fox' }, mediaToolContext({ credentials: key, signal: controller.signal }));
    await expect.poll(() => images.requests.length).toBe(1);
    controller.abort();
    await expect(running).rejects.toThrow();
    await expect.poll(() => images.abandoned).toBe(1);
  });

  it('calls an Azure OpenAI deployment with api-version and the api-key header', async () => {
    const tool = await dalle({ DALLE3_BASEURL: `${images.url}/openai/deployments/dalle3`, DALLE3_AZURE_API_VERSION: '2024-02-01' });
    await tool.execute({ prompt: 'A fox' }, mediaToolContext({ credentials: key }));
    expect(images.requests.at(-1)).toMatchObject({ path: '/openai/deployments/dalle3/images/generations', query: { 'api-version': '2024-02-01' }, headers: { 'api-key': 'sk-images-test' } });
  });

  it('takes DALLE_REVERSE_PROXY as its base URL (cut to /v1) and DALLE3_SYSTEM_PROMPT as its description', async () => {
    const tool = await dalleToolPlugin.setup({ settings: dalleSettingsSchema.parse({ DALLE_REVERSE_PROXY: `${images.url}/v1/chat/completions`, DALLE3_SYSTEM_PROMPT: 'Draw well.' }), log });
    expect(tool.description).toBe('Draw well.');
    await tool.execute({ prompt: 'A fox' }, mediaToolContext({ credentials: key }));
    expect(images.requests.at(-1)!.path).toBe('/v1/images/generations');
  });
});

describe('the dall-e tool (DALL-E 2)', () => {
  const dallE = () => dallEToolPlugin.setup({ settings: dallESettingsSchema.parse({ DALLE2_BASEURL: `${images.url}/v1` }), log });

  it('is LibreChat\'s `dall-e`: one `input` string, a 512×512 dall-e-2 image kept as the user\'s file', async () => {
    const tool = await dallE();
    expect(tool.manifest.credentials).toEqual([expect.objectContaining({ authField: 'DALLE2_API_KEY||DALLE_API_KEY' })]);
    const context = mediaToolContext({ credentials: { DALLE2_API_KEY: 'sk-images-test' } });
    const output = await tool.execute({ input: 'Subject: a "red" kite,\nStyle: photo' }, context);
    expect(output).toEqual([{ type: 'text', text: '![generated image](/images/user-1/file-1.png)' }]);
    expect(images.requests.at(-1)!.body).toEqual({ model: 'dall-e-2', prompt: 'Subject: a red kite, Style: photo', n: 1, size: '512x512', response_format: 'b64_json' });
  });

  it('says which variables to set when it has no key', async () => {
    await expect((await dallE()).execute({ input: 'a kite' }, mediaToolContext())).rejects.toThrow(/DALLE2_API_KEY or DALLE_API_KEY/);
  });
});
