import { startMediaFake, sendJson, testPng, type MediaFake } from './media-fake-server.js';

export type Automatic1111Behaviour = 'image' | 'error' | 'no-image' | 'hang';

export interface FakeAutomatic1111 extends MediaFake {
  behaviour: Automatic1111Behaviour;
  png: Buffer;
}

/**
 * Test fixture: AUTOMATIC1111's WebUI API (`--api`): POST /sdapi/v1/txt2img with a JSON payload
 * answers `{images: [<base64 PNG>], parameters: <the payload>, info: <a JSON string>}`; a failure
 * answers 500 with `{error, detail, body, errors}` as its API does; a bad body 422 with FastAPI's `detail`.
 */
export async function startFakeAutomatic1111(): Promise<FakeAutomatic1111> {
  const png = await testPng(32, 32);
  let state!: FakeAutomatic1111;
  const fake = await startMediaFake((request, response) => {
    if (request.method !== 'POST' || request.path !== '/sdapi/v1/txt2img') return sendJson(response, 404, { detail: 'Not Found' });
    const body = request.body;
    if (typeof body !== 'object' || body === null || !('prompt' in body)) return sendJson(response, 422, { detail: [{ loc: ['body'], msg: 'field required', type: 'value_error.missing' }] });
    if (state.behaviour === 'hang') return;
    if (state.behaviour === 'error') return sendJson(response, 500, { error: 'OutOfMemoryError', detail: '', body: '', errors: 'CUDA out of memory.' });
    const images = state.behaviour === 'image' ? [png.toString('base64')] : [];
    sendJson(response, 200, { images, parameters: body, info: JSON.stringify({ prompt: body.prompt, seed: 1234, sd_model_name: 'fake' }) });
  });
  state = Object.assign(fake, { behaviour: 'image' as Automatic1111Behaviour, png });
  return state;
}
