import { createMemoryLiveReplies } from './live-replies.js';
import { createRateLimiter } from './memory-rate-limiter.js';
import type { Coordination } from './types.js';

/** Per cache: model lists per endpoint and user are few, but a cache must not grow without bound. */
const MAX_CACHE_ENTRIES = 10_000;

/** Drops expired entries, then the oldest ones (a Map iterates in insertion order) until there is room. */
function sweep(entries: Map<string, { expiresAt: number }>): void {
  const now = Date.now();
  for (const [key, entry] of entries) if (entry.expiresAt <= now) entries.delete(key);
  for (const key of entries.keys()) {
    if (entries.size < MAX_CACHE_ENTRIES) break;
    entries.delete(key);
  }
}

/** One process, no Redis: the state lives in this process's memory, as it always has. */
export function createMemoryCoordination(): Coordination {
  const inFlight = new Map<string, number>();
  const boxes = new Map<string, { value: string; expiresAt: number }>();
  const handlers = new Map<string, Array<(message: unknown) => void>>();
  const caches = new Map<string, Map<string, { value: string; expiresAt: number }>>();

  return {
    kind: 'memory',
    rateLimiter(_name, options) {
      const limiter = createRateLimiter(options);
      return {
        hit: async (key) => limiter.hit(key),
        reset: async (key) => limiter.reset(key),
      };
    },
    concurrency: {
      async acquire(userId, max) {
        const current = inFlight.get(userId) ?? 0;
        if (current >= max) return null;
        inFlight.set(userId, current + 1);
        let released = false;
        return async () => {
          if (released) return;
          released = true;
          const left = (inFlight.get(userId) ?? 1) - 1;
          if (left <= 0) inFlight.delete(userId);
          else inFlight.set(userId, left);
        };
      },
    },
    handoff: {
      shared: false,
      async put(key, value, ttlMs) {
        boxes.set(key, { value, expiresAt: Date.now() + ttlMs });
        setTimeout(() => {
          if ((boxes.get(key)?.expiresAt ?? Infinity) <= Date.now()) boxes.delete(key);
        }, ttlMs).unref();
      },
      async take(key) {
        const box = boxes.get(key);
        boxes.delete(key);
        return box && box.expiresAt > Date.now() ? box.value : null;
      },
    },
    cache(name) {
      // One store per name, as in Redis: two callers of the same cache see each other's entries.
      const entries = caches.get(name) ?? new Map<string, { value: string; expiresAt: number }>();
      caches.set(name, entries);
      return {
        async get(key) {
          const entry = entries.get(key);
          if (entry && entry.expiresAt > Date.now()) return entry.value;
          entries.delete(key);
          return null;
        },
        async set(key, value, ttlMs) {
          // Expired entries are dropped when read or replaced; sweep the rest so the map cannot grow forever.
          if (entries.size >= MAX_CACHE_ENTRIES) sweep(entries);
          entries.set(key, { value, expiresAt: Date.now() + ttlMs });
        },
      };
    },
    broadcast: {
      async publish(channel, message) {
        for (const handler of handlers.get(channel) ?? []) handler(message);
      },
      subscribe(channel, handler) {
        handlers.set(channel, [...(handlers.get(channel) ?? []), handler]);
      },
    },
    // The only instance holds every turn and approval: what is not found here is not found anywhere.
    turns: {
      claim: async () => undefined,
      release: async () => undefined,
      askHolder: async (): Promise<unknown> => null,
      serve: () => undefined,
    },
    liveReplies: createMemoryLiveReplies(),
    leadership: () => ({ holdOrTake: async () => true, release: async () => undefined }),
    health: async () => ({ status: 'off' }),
    close: async () => undefined,
  };
}
