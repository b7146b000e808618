import type { SearchOutboxRepository } from '../store/repositories/search-outbox.js';
import type { SearchIndex } from './types.js';

/** No search backend (SEARCH=false, or MongoDB without Meilisearch): the search box stays hidden. */
export function createDisabledSearchIndex(outbox: SearchOutboxRepository): SearchIndex {
  return {
    backend: 'none',
    async isEnabled() {
      return false;
    },
    async search() {
      return { conversations: [], total: 0 };
    },
    async reindex() {
      return { messages: 0, convos: 0 };
    },
    async start() {
      // Nothing drains the outbox without Meilisearch; keep it from growing.
      await outbox.setEnabled(false);
    },
    async stop() {},
    wake() {},
    async flush() {},
  };
}
