import { ChatboxError } from '../errors/index.js';

/** The search backend cannot answer now (Meilisearch down or timing out); chat is unaffected. */
export class SearchUnavailableError extends ChatboxError {
  constructor(reason?: string) {
    super('search_unavailable', reason ? `Search is temporarily unavailable (${reason}), please try again in a few moments.` : undefined);
    this.name = 'SearchUnavailableError';
  }
}
