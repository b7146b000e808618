import type { ServerEnv } from '../../../config/env.js';
import type { AccessTokens } from '../../auth/access-tokens.js';
import { createRagApiDocumentIndex, type DocumentIndex } from '../../files/index.js';
import { upstreamFetch } from '../../net/upstream-fetch.js';
import type { PluginLogger } from '../../plugin-api/index.js';

export interface RagApiIndexOptions {
  env: Pick<ServerEnv, 'RAG_API_URL' | 'RAG_USE_FULL_CONTEXT'>;
  /** app.auth.accessTokens: the RAG API verifies the user's token with the JWT_SECRET it shares with chatbox. */
  accessTokens: Pick<AccessTokens, 'signForService'>;
  logger: PluginLogger;
}

/**
 * LibreChat's RAG API as the document index when RAG_API_URL is set, else undefined (chatbox's own
 * index is used): `ragApiDocumentIndex(…) ?? builtInIndex`. The URL is the operator's, so it is
 * called with the trusted outbound fetch, which lets it be a loopback or private address (the RAG
 * API usually runs next to chatbox); URLs from users go through core/net's guarded fetch instead.
 */
export function ragApiDocumentIndex({ env, accessTokens, logger }: RagApiIndexOptions): DocumentIndex | undefined {
  if (!env.RAG_API_URL) return undefined;
  logger.info('documents go to the RAG API', { url: env.RAG_API_URL, fullContext: env.RAG_USE_FULL_CONTEXT });
  return createRagApiDocumentIndex({
    baseUrl: env.RAG_API_URL,
    signToken: (userId) => accessTokens.signForService(userId),
    fetch: upstreamFetch,
    useFullContext: env.RAG_USE_FULL_CONTEXT,
    log: logger,
  });
}
