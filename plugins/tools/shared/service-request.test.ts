import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeToolService, type FakeToolService } from '../../../testing/fake-tool-services/fake-tool-service.js';
import { guardedToolContext, toolTestContext } from '../../../testing/fake-tool-services/tool-test-context.js';
import { closedPortUrl } from '../../../testing/fake-upstreams/index.js';
import { errorFieldMessage, readServiceAnswer, requestServiceAnswer, requestServiceJson } from './service-request.js';

describe('requests to a tool\'s service', () => {
  let fake: FakeToolService;
  beforeAll(async () => {
    // Echoes the request's query in its error, as some services echo a bad key back.
    fake = await startFakeToolService({
      answer: (request) => (request.path === '/huge' ? { text: 'y'.repeat(3_000_000) } : { status: 400, json: { error: { message: `bad key ${request.query.key}` } } }),
      failure: () => ({}),
    });
  });
  afterAll(() => fake.close());

  it('never puts a secret in an error, even when the service echoes it', async () => {
    const url = new URL(`${fake.url}/search?key=s3cret%2Fkey`);
    await expect(requestServiceJson(toolTestContext(fake, {}), { service: 'Echo', url, secrets: ['s3cret/key'], describeError: errorFieldMessage }, z.unknown())).rejects.toThrow(/^Echo answered 400: bad key \*\*\*$/);
  });

  it('reads at most 2 MB of an answer', async () => {
    const { text } = await requestServiceAnswer(toolTestContext(fake, {}), { service: 'Echo', url: new URL(`${fake.url}/huge`), secrets: [] });
    expect(text.length).toBe(2_000_000);
  });

  it('says when the service cannot be reached', async () => {
    const url = new URL(`${await closedPortUrl()}/search`);
    await expect(requestServiceJson(guardedToolContext([url.host]), { service: 'Gone', url, secrets: [] }, z.unknown())).rejects.toThrow(/^could not reach Gone: .*ECONNREFUSED/);
  });

  it('says when JSON comes in another shape than the tool reads', () => {
    expect(() => readServiceAnswer('Shape', z.object({ items: z.array(z.string()) }), { items: 'no' })).toThrow(/^Shape answered in an unexpected shape: items /);
  });
});
