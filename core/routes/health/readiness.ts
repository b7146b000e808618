import type { Coordination, CoordinationHealth } from '../../coordination/types.js';
import type { SearchIndex } from '../../search/types.js';
import type { Store } from '../../store/types.js';

/** A part that takes longer than this to answer counts as down: a load balancer must not wait on it. */
const CHECK_TIMEOUT_MS = 2_000;

export type PartStatus = 'up' | 'down' | 'off';

export interface Readiness {
  ready: boolean;
  parts: {
    store: { status: PartStatus; driver: string; detail?: string };
    search: { status: PartStatus; backend: SearchIndex['backend']; detail?: string };
    redis: { status: PartStatus; detail?: string };
  };
}

async function within<T>(check: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([check, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Whether this instance can serve: its store answers a read, its search backend (when there is one)
 * is reachable, and Redis (when configured) answers a PING. The three are checked at once.
 */
export async function checkReadiness(parts: { store: Store; search: SearchIndex; coordination: Coordination }): Promise<Readiness> {
  const [store, search, redis] = await Promise.all([
    within(parts.store.users.count()).then(
      () => ({ status: 'up' as const, driver: parts.store.driver }),
      (error: unknown) => ({ status: 'down' as const, driver: parts.store.driver, detail: reason(error) }),
    ),
    parts.search.backend === 'none'
      ? { status: 'off' as const, backend: parts.search.backend }
      : within(parts.search.isEnabled()).then(
          (enabled) => (enabled ? { status: 'up' as const, backend: parts.search.backend } : { status: 'down' as const, backend: parts.search.backend, detail: 'not reachable' }),
          (error: unknown) => ({ status: 'down' as const, backend: parts.search.backend, detail: reason(error) }),
        ),
    within(parts.coordination.health()).catch((error: unknown): CoordinationHealth => ({ status: 'down', detail: reason(error) })),
  ]);
  return { ready: store.status !== 'down' && search.status !== 'down' && redis.status !== 'down', parts: { store, search, redis } };
}

/** The body `GET /ready` answers and `chatbox status --json` prints: the verdict, then each part. */
export function readinessBody(readiness: Readiness) {
  return { status: readiness.ready ? ('ready' as const) : ('not ready' as const), ...readiness.parts };
}
