import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { SharedCache } from '../coordination/types.js';
import type { ProviderCredentials } from '../plugin-api/index.js';
import type { ConfiguredEndpoint } from './configured-endpoint.js';

const TTL_MS = 5 * 60 * 1000;

const cachedModels = z.array(z.string());

/** What a cache entry is about: the endpoint, and for a user's own key the user and a digest of the key (never the key). */
function cacheKeyOf(entry: ConfiguredEndpoint, userId: string, credentials?: ProviderCredentials): string {
  if (!entry.userProvide && !entry.userProvideURL) return entry.name;
  const digest = createHash('sha256')
    .update(JSON.stringify([credentials?.apiKey ?? null, credentials?.baseURL ?? null, credentials?.extra ?? null]))
    .digest('hex');
  return `${entry.name}:${userId}:${digest}`;
}

export interface ModelCatalogOptions {
  /** Shared by the instances when REDIS_URI is set; in memory otherwise. */
  cache: SharedCache;
  /** Told when the cache cannot be read or written (the list is fetched as if uncached). */
  onCacheError?: (error: unknown) => void;
}

/**
 * Model lists per endpoint (and per user and key for endpoints where users bring their own key),
 * cached for five minutes so a turn does not ask the upstream's /models every time. The cache may be
 * Redis: when it is down, the list is fetched as if nothing were cached, and the request goes on.
 */
export function createModelCatalog({ cache, onCacheError }: ModelCatalogOptions) {
  // Concurrent turns of one key share one fetch, as they did when the cache held promises.
  const inFlight = new Map<string, Promise<string[]>>();

  async function read(key: string): Promise<string[] | null> {
    try {
      const raw = await cache.get(key);
      if (raw === null) return null;
      const parsed = cachedModels.safeParse(JSON.parse(raw));
      return parsed.success ? parsed.data : null;
    } catch (error) {
      onCacheError?.(error);
      return null;
    }
  }

  async function write(key: string, models: string[]): Promise<void> {
    try {
      await cache.set(key, JSON.stringify(models), TTL_MS);
    } catch (error) {
      onCacheError?.(error);
    }
  }

  return {
    list(entry: ConfiguredEndpoint, userId: string, credentials?: ProviderCredentials, fetch?: typeof globalThis.fetch): Promise<string[]> {
      const key = cacheKeyOf(entry, userId, credentials);
      const pending = inFlight.get(key);
      if (pending) return pending;
      const models = (async () => {
        const cached = await read(key);
        if (cached) return cached;
        const fetched = await entry.provider.listModels({ credentials, user: userId, fetch });
        await write(key, fetched);
        return fetched;
      })().finally(() => inFlight.delete(key));
      inFlight.set(key, models);
      return models;
    },
  };
}

export type ModelCatalog = ReturnType<typeof createModelCatalog>;
