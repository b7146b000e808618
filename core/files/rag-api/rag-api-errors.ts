import { ChatboxError } from '../../errors/index.js';

/** The RAG API cannot be reached, timed out or answered an error: nothing of the request was kept. */
export class RagApiUnavailableError extends ChatboxError {
  constructor(reason: string) {
    super('rag_api_unavailable', `Documents cannot be read right now: the RAG API ${reason}. Try again in a few moments.`, { reason });
    this.name = 'RagApiUnavailableError';
  }
}

/** The RAG API took the file but could not embed it (LibreChat's texts). */
export class EmbeddingFailedError extends ChatboxError {
  constructor(mediaType?: string) {
    super(
      mediaType === undefined ? 'embedding_failed' : 'embedding_unsupported_type',
      mediaType === undefined ? undefined : `File embedding failed. The filetype ${mediaType} is not supported`,
      mediaType === undefined ? {} : { type: mediaType },
    );
    this.name = 'EmbeddingFailedError';
  }
}
