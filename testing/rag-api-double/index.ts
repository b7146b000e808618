export { startRagApiDouble, type RagApiDouble, type RagApiDoubleOptions, type ReceivedEmbed } from './rag-api-double.js';
export { RagApiStore, loadDocument, type StoredChunk } from './rag-api-store.js';
