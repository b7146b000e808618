import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeAutomatic1111, type FakeAutomatic1111 } from '../../../testing/fake-tool-services/fake-automatic1111.js';
import { mediaToolContext } from '../../../testing/fake-tool-services/media-tool-context.js';
import { stableDiffusionToolPlugin } from './plugin.js';

let webUi: FakeAutomatic1111;
const log = { debug() {}, info() {}, warn() {}, error() {} };
const tool = () => stableDiffusionToolPlugin.setup({ settings: {}, log });
/** The fake runs on loopback: allowed through the SSRF guard the way an operator lists a LAN WebUI in ssrf.allowedHosts. */
const allowed = (extra: { signal?: AbortSignal } = {}) => mediaToolContext({ credentials: { SD_WEBUI_URL: `${webUi.url}/` }, allowedHosts: [`127.0.0.1:${webUi.port}`], ...extra });

beforeAll(async () => {
  webUi = await startFakeAutomatic1111();
});
afterAll(() => webUi.close());
beforeEach(() => {
  webUi.requests.length = 0;
  webUi.behaviour = 'image';
});

describe('the stable-diffusion tool', () => {
  it('is LibreChat\'s `stable-diffusion` with SD_WEBUI_URL and a prompt and negative prompt', async () => {
    const created = await tool();
    expect(created.name).toBe('stable-diffusion');
    expect(created.manifest).toMatchObject({ displayName: 'Stable Diffusion', credentials: [{ authField: 'SD_WEBUI_URL', label: 'Your Stable Diffusion WebUI API URL' }] });
    expect(created.inputSchema).toMatchObject({ required: ['prompt'], properties: { prompt: { type: 'string' }, negative_prompt: { type: 'string' } } });
  });

  it('calls txt2img, keeps the PNG as the user\'s file and answers its markdown', async () => {
    const context = allowed();
    const output = await (await tool()).execute({ prompt: 'a castle, oil painting', negative_prompt: 'blurry' }, context);
    expect(output).toEqual([{ type: 'text', text: '![generated image](/images/user-1/file-1.png)' }]);
    expect(webUi.requests).toHaveLength(1);
    expect(webUi.requests[0]).toMatchObject({ method: 'POST', path: '/sdapi/v1/txt2img' });
    expect(webUi.requests[0]!.body).toEqual({ prompt: 'a castle, oil painting', negative_prompt: 'blurry', sampler_name: 'DPM++ 2M Karras', cfg_scale: 4.5, steps: 22, width: 1024, height: 1024 });
    expect(Buffer.from(context.saved[0]!.body).equals(webUi.png)).toBe(true);
    expect(context.saved[0]).toMatchObject({ mediaType: 'image/png', name: 'img-a-castle-oil-painting.png' });
  });

  it('says which variable to set when it has no URL, and refuses a URL that is not http(s)', async () => {
    await expect((await tool()).execute({ prompt: 'a castle' }, mediaToolContext())).rejects.toThrow('Stable Diffusion has no WebUI URL: install the tool with one, or the operator sets SD_WEBUI_URL');
    await expect((await tool()).execute({ prompt: 'a castle' }, mediaToolContext({ credentials: { SD_WEBUI_URL: 'file:///etc/passwd' } }))).rejects.toThrow(/must be an http\(s\) URL/);
  });

  it('refuses a loopback, private or metadata WebUI URL that is not allow-listed, before any request', async () => {
    for (const url of [webUi.url, 'http://10.0.0.7:7860', 'http://169.254.169.254']) {
      await expect((await tool()).execute({ prompt: 'a castle' }, mediaToolContext({ credentials: { SD_WEBUI_URL: url } }))).rejects.toThrow(/^could not reach the Stable Diffusion WebUI: .*private address/);
    }
    expect(webUi.requests).toHaveLength(0);
  });

  it('answers the WebUI\'s error in words, and an answer without an image as such', async () => {
    webUi.behaviour = 'error';
    await expect((await tool()).execute({ prompt: 'a castle' }, allowed())).rejects.toThrow('the Stable Diffusion WebUI answered 500: CUDA out of memory.');
    webUi.behaviour = 'no-image';
    await expect((await tool()).execute({ prompt: 'a castle' }, allowed())).rejects.toThrow('the Stable Diffusion WebUI answered no image');
  });

  it('stops the request when its signal fires', async () => {
    webUi.behaviour = 'hang';
    const controller = new AbortController();
    const running = (await tool()).execute({ prompt: 'a castle' }, allowed({ signal: controller.signal }));
    await expect.poll(() => webUi.requests.length).toBe(1);
    controller.abort();
    await expect(running).rejects.toThrow();
    await expect.poll(() => webUi.abandoned).toBe(1);
  });
});
