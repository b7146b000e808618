export { createRagApiDocumentIndex, type RagApiDocumentIndexOptions } from './rag-api-document-index.js';
export { RagApiUnavailableError, EmbeddingFailedError } from './rag-api-errors.js';
