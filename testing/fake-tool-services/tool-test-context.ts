import { createGuardedFetch } from '../../core/net/guarded-fetch.js';
import type { ToolContext } from '../../core/plugin-api/index.js';
import type { FakeToolService } from './fake-tool-service.js';

const quiet = { debug() {}, info() {}, warn() {}, error() {} };

/**
 * The context a tool gets in a turn, for calling it directly in a test: the SSRF-guarded fetch with
 * only the fake's loopback host allowed (as an operator's `ssrf.allowedHosts` would), the given
 * credentials and signal.
 */
export function toolTestContext(fake: FakeToolService, credentials: Record<string, string>, signal = new AbortController().signal): ToolContext {
  return { signal, userId: 'user-1', credentials, fetch: createGuardedFetch([fake.host]), log: quiet };
}
