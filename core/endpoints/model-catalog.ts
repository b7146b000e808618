import type { ProviderCredentials } from '../plugin-api/index.js';
import type { ConfiguredEndpoint } from './configured-endpoint.js';

const TTL_MS = 5 * 60 * 1000;

/**
 * Model lists per endpoint (and per user for endpoints where users bring their own key), cached for
 * five minutes so a turn does not ask the upstream's /models every time.
 */
export function createModelCatalog() {
  const cache = new Map<string, { models: Promise<string[]>; expiresAt: number }>();
  return {
    list(entry: ConfiguredEndpoint, userId: string, credentials?: ProviderCredentials, fetch?: typeof globalThis.fetch): Promise<string[]> {
      const key = entry.userProvide || entry.userProvideURL ? `${entry.name}:${userId}` : entry.name;
      const hit = cache.get(key);
      if (hit && hit.expiresAt > Date.now()) return hit.models;
      const models = entry.provider.listModels({ credentials, user: userId, fetch }).catch((error: unknown) => {
        cache.delete(key);
        throw error;
      });
      cache.set(key, { models, expiresAt: Date.now() + TTL_MS });
      return models;
    },
  };
}

export type ModelCatalog = ReturnType<typeof createModelCatalog>;
