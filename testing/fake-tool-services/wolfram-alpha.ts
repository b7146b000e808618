import { startFakeToolService, notFound, type FakeToolService } from './fake-tool-service.js';

/**
 * The Wolfram|Alpha LLM API: GET /api/v1/llm-api with `input`, `appid` (and `maxchars`) in the query,
 * answering text/plain. A wrong App ID answers 403 "Error 1: Invalid appid", a missing input 400
 * "Error: No input", and input it does not understand (`gibberish`) 501 with suggestions, as the
 * real API does.
 */
export function startFakeWolframAlpha(appId: string): Promise<FakeToolService> {
  return startFakeToolService({
    answer(request) {
      if (request.method !== 'GET' || request.path !== '/api/v1/llm-api') return notFound(request);
      const { appid, input } = request.query;
      if (!appid) return { status: 403, text: 'Error 2: Appid missing' };
      if (appid !== appId) return { status: 403, text: 'Error 1: Invalid appid' };
      if (!input) return { status: 400, text: 'Error: No input.  Please specify the input using the \'input\' or \'i\' query parameter.' };
      if (input === 'gibberish') return { status: 501, text: 'No good results found. Things to try instead:\n1. "gibberish meaning"' };
      return { text: `Query:\n"${input}"\n\nInput interpretation:\n${input}\n\nResult:\n42\n\nWolfram|Alpha website result for "${input}":\nhttps://www.wolframalpha.com/input?i=${encodeURIComponent(input)}` };
    },
    failure: ({ message }) => ({ text: message ?? 'Internal error', contentType: 'text/plain' }),
  });
}
