import type { FastifyInstance } from 'fastify';
import { NotFoundError } from '../../errors/index.js';
import { parseInput } from '../parse.js';
import type { SearchResponse } from '../../protocol/search.js';
import { searchQuerySchema } from './schema.js';
import { searchConversations } from '../../search/search-conversations.js';

/**
 * /api/search: the sidebar's search box. Results are only ever the signed-in user's: the backend
 * filters by user and every hit is read back from the store under that user.
 */
export async function searchRoutes(app: FastifyInstance): Promise<void> {
  const authenticate = { preHandler: app.auth.authenticate };

  // A bare boolean, as LibreChat's client expects; false hides the search box.
  app.get('/api/search/enable', authenticate, async (): Promise<boolean> => app.searchIndex.isEnabled());

  app.get('/api/search', authenticate, async (request): Promise<SearchResponse> => {
    const { q, pageNumber, pageSize } = parseInput(searchQuerySchema, request.query);
    if (app.searchIndex.backend === 'none') throw new NotFoundError('Search is not enabled on this server');
    return searchConversations(app.store, app.searchIndex, request.user!.id, q, { pageNumber, pageSize });
  });
}
