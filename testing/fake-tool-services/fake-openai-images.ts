import { startMediaFake, sendJson, testPng, type MediaFake } from './media-fake-server.js';

/** How the fake answers the next generations: the image bytes or a link to them, an API error, or never. */
export type OpenAIImagesBehaviour = { answer: 'b64_json' | 'url' } | { answer: 'error'; status: number; message: string } | { answer: 'hang' };

export interface FakeOpenAIImages extends MediaFake {
  /** The key it accepts (Bearer, or Azure's `api-key` header); any other answers 401 as OpenAI does. */
  apiKey: string;
  behaviour: OpenAIImagesBehaviour;
  /** The PNG it generates (64×48). */
  png: Buffer;
}

/**
 * Test fixture: OpenAI's images API as its reference documents it: POST /v1/images/generations
 * (and Azure OpenAI's /openai/deployments/{deployment}/images/generations?api-version=…) answering
 * `{created, data: [{b64_json | url, revised_prompt}]}`, errors as `{error: {message, type, code}}`;
 * a `url` answer points at GET /generated/<id>.png on the same server.
 */
export async function startFakeOpenAIImages(apiKey = 'sk-images-test'): Promise<FakeOpenAIImages> {
  const png = await testPng();
  let state!: FakeOpenAIImages;
  const fake = await startMediaFake((request, response) => {
    if (request.method === 'GET' && request.path.startsWith('/generated/')) return void response.writeHead(200, { 'content-type': 'image/png' }).end(png);
    const isGenerations = request.method === 'POST' && (request.path === '/v1/images/generations' || /^\/openai\/deployments\/[^/]+\/images\/generations$/.test(request.path));
    if (!isGenerations) return sendJson(response, 404, { error: { message: `Invalid URL (${request.method} ${request.path})`, type: 'invalid_request_error', code: null } });
    const key = request.headers['api-key'] ?? request.headers.authorization?.replace(/^Bearer /, '');
    if (key !== state.apiKey) return sendJson(response, 401, { error: { message: 'Incorrect API key provided.', type: 'invalid_request_error', code: 'invalid_api_key' } });
    const body = request.body;
    if (typeof body !== 'object' || body === null || !('prompt' in body) || typeof body.prompt !== 'string') {
      return sendJson(response, 400, { error: { message: "Missing required parameter: 'prompt'.", type: 'invalid_request_error', code: null } });
    }
    const behaviour = state.behaviour;
    if (behaviour.answer === 'hang') return;
    if (behaviour.answer === 'error') return sendJson(response, behaviour.status, { error: { message: behaviour.message, type: 'invalid_request_error', code: null } });
    const revised_prompt = `${body.prompt} (revised)`;
    const image = behaviour.answer === 'b64_json' ? { b64_json: png.toString('base64'), revised_prompt } : { url: `${state.url}/generated/${Date.now()}.png`, revised_prompt };
    sendJson(response, 200, { created: Math.floor(Date.now() / 1000), data: [image] });
  });
  state = Object.assign(fake, { apiKey, behaviour: { answer: 'b64_json' } as OpenAIImagesBehaviour, png });
  return state;
}
