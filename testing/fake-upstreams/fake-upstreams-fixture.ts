import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startFakeUpstreams, type FakeUpstreams } from './index.js';

/**
 * The fake upstreams for a whole test file: started before its tests, reset before each one (scripts
 * and recorded requests), closed after. Read `fakes` inside a test or hook.
 */
export function useFakeUpstreams(): { readonly fakes: FakeUpstreams } {
  let started: FakeUpstreams | undefined;
  beforeAll(async () => {
    started = await startFakeUpstreams();
  });
  afterAll(() => started?.close());
  beforeEach(() => started?.reset());
  return {
    get fakes() {
      if (!started) throw new Error('the fake upstreams are not started: use them inside a test or hook');
      return started;
    },
  };
}

/** POSTs `body` as JSON, as an SDK would. */
export const postJson = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
