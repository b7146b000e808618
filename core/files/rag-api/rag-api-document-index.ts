import { z } from 'zod';
import type { PluginLogger } from '../../plugin-api/index.js';
import type { DocumentIndex, DocumentPassage, DocumentToIndex, IndexedDocument } from '../document-index.js';
import { multipartStream } from './multipart-stream.js';
import { EmbeddingFailedError, RagApiUnavailableError } from './rag-api-errors.js';
import { answerDetail, createRagApiTransport, type RagApiAnswer } from './rag-api-transport.js';

type Fetch = typeof globalThis.fetch;

export interface RagApiDocumentIndexOptions {
  /** RAG_API_URL. */
  baseUrl: string;
  /** A short-lived JWT for the user, signed with chatbox's JWT_SECRET (the RAG API must share it). */
  signToken(userId: string): string;
  /** The operator configured the URL, so the trusted outbound fetch (a loopback address is fine). */
  fetch: Fetch;
  /** RAG_USE_FULL_CONTEXT: wholeText answers the document's whole text instead of null. */
  useFullContext: boolean;
  log: PluginLogger;
  /** Milliseconds: an embedding (upload and vectors) may take minutes, the other calls do not. */
  timeouts?: { embedMs?: number; requestMs?: number };
}

const EMBED_TIMEOUT_MS = 10 * 60 * 1000;
const REQUEST_TIMEOUT_MS = 30 * 1000;
/** Removing what a failed upload left must not keep its error waiting long. */
const CLEANUP_TIMEOUT_MS = 5 * 1000;

const embedAnswer = z.object({ status: z.unknown().optional(), known_type: z.boolean().nullable().optional() }).loose();
const storedChunk = z.object({ page_content: z.string(), metadata: z.record(z.string(), z.unknown()).nullish() });
/** POST /query answers `[[document, distance], …]`: a smaller distance is a closer passage. */
const queryAnswer = z.array(z.tuple([storedChunk, z.number()]));

/** The name the file was sent with: the RAG API keeps `<upload dir>/<user>/<name>` as each chunk's source. */
function sourceName(metadata: Record<string, unknown> | null | undefined): string | undefined {
  const source = metadata?.source;
  if (typeof source !== 'string' || source === '') return undefined;
  return source.split(/[\\/]/).pop() || undefined;
}

/** An error answer of the RAG API as the error a caller can show. */
function failure(answer: RagApiAnswer, log: PluginLogger, what: string): Error {
  const detail = answerDetail(answer);
  log.warn(`the RAG API refused ${what}`, { status: answer.status, detail });
  if (answer.status === 401 || answer.status === 403) return new RagApiUnavailableError("refused chatbox's token (it must share chatbox's JWT_SECRET)");
  return new RagApiUnavailableError(`answered ${answer.status}`);
}

/**
 * Documents in LibreChat's RAG API (RAG_API_URL), on its wire: POST /embed (multipart `file_id`,
 * `file`), POST /query per file, GET /documents/<id>/context, DELETE /documents, each with the user's
 * token, by which the RAG API scopes every document to its owner.
 */
export function createRagApiDocumentIndex(options: RagApiDocumentIndexOptions): DocumentIndex {
  const { signToken, useFullContext, log } = options;
  const call = createRagApiTransport({ baseUrl: options.baseUrl, fetch: options.fetch, log });
  const embedMs = options.timeouts?.embedMs ?? EMBED_TIMEOUT_MS;
  const requestMs = options.timeouts?.requestMs ?? REQUEST_TIMEOUT_MS;

  const removeFor = async (userId: string, fileIds: readonly string[], timeoutMs: number) => {
    if (fileIds.length === 0) return;
    const answer = await call({ method: 'DELETE', path: '/documents', token: signToken(userId), json: fileIds, timeoutMs });
    // 404: the RAG API knew none or only some of them, which is what removing unknown ids means.
    if (answer.status !== 200 && answer.status !== 404) throw failure(answer, log, 'a removal');
  };

  /** After a failed embedding nothing of the file may stay in the vector store. */
  const forget = async (document: DocumentToIndex) => {
    try {
      await removeFor(document.userId, [document.fileId], CLEANUP_TIMEOUT_MS);
    } catch (error) {
      log.warn('the RAG API kept what a failed embedding stored', { fileId: document.fileId, err: error instanceof Error ? error.message : String(error) });
    }
  };

  /**
   * What the RAG API made of an embedded file, from its stored chunks (GET /documents?ids=); /embed
   * does not say. The characters are a little more than the text's, as its chunks overlap.
   */
  const countChunks = async (document: DocumentToIndex, signal?: AbortSignal): Promise<IndexedDocument> => {
    const query = new URLSearchParams({ ids: document.fileId });
    const answer = await call({ method: 'GET', path: `/documents?${query}`, token: signToken(document.userId), timeoutMs: requestMs, signal });
    // 404: the file had no text, so no chunk was stored.
    if (answer.status === 404) return { characters: 0, chunks: 0 };
    const chunks = z.array(storedChunk).safeParse(answer.body);
    if (answer.status !== 200 || !chunks.success) throw failure(answer, log, 'listing the chunks of a file');
    return { characters: chunks.data.reduce((sum, chunk) => sum + chunk.page_content.length, 0), chunks: chunks.data.length };
  };

  const embed = async (document: DocumentToIndex, signal?: AbortSignal): Promise<IndexedDocument> => {
    let sourceError: { error: unknown } | undefined;
    const source = await document.open();
    // The stored bytes are read while they are sent; a failed read must be reported as itself.
    const content = (async function* () {
      try {
        yield* source;
      } catch (error) {
        sourceError = { error };
        throw error;
      }
    })();
    const stream = multipartStream({ file_id: document.fileId }, { name: 'file', fileName: document.fileName, mediaType: document.mediaType, content });
    const answer = await call({ method: 'POST', path: '/embed', token: signToken(document.userId), stream, timeoutMs: embedMs, signal, sourceFailure: () => sourceError?.error });
    if (answer.status === 400 || answer.status === 422) {
      log.warn('the RAG API could not embed a file', { fileId: document.fileId, detail: answerDetail(answer) });
      throw new EmbeddingFailedError();
    }
    const parsed = embedAnswer.safeParse(answer.body);
    if (answer.status !== 200 || !parsed.success) throw failure(answer, log, 'an embedding');
    // LibreChat's checks and texts: an unknown type was read as plain text, which it refuses.
    if (parsed.data.known_type === false) throw new EmbeddingFailedError(document.mediaType);
    if (!parsed.data.status) throw new EmbeddingFailedError();
    return countChunks(document, signal);
  };

  const queryFile = async (userId: string, fileId: string, question: string, limit: number, signal?: AbortSignal): Promise<DocumentPassage[]> => {
    const answer = await call({ method: 'POST', path: '/query', token: signToken(userId), json: { file_id: fileId, query: question, k: limit }, timeoutMs: requestMs, signal });
    if (answer.status === 404) return [];
    const passages = queryAnswer.safeParse(answer.body);
    if (answer.status !== 200 || !passages.success) throw failure(answer, log, 'a query');
    return passages.data.map(([chunk, distance]) => ({
      fileId,
      fileName: sourceName(chunk.metadata) ?? fileId,
      text: chunk.page_content,
      // Cosine distance to similarity, so that higher is better as DocumentPassage wants.
      score: 1 - distance,
    }));
  };

  return {
    async add(document, { signal } = {}) {
      try {
        return await embed(document, signal);
      } catch (error) {
        await forget(document);
        throw error;
      }
    },

    async wholeText(userId, fileId) {
      if (!useFullContext) return null;
      const answer = await call({ method: 'GET', path: `/documents/${encodeURIComponent(fileId)}/context`, token: signToken(userId), timeoutMs: requestMs });
      // Older RAG APIs wrap their "not found" in a 400.
      if (answer.status === 404 || (answer.status === 400 && /not found/i.test(answerDetail(answer)))) return null;
      if (answer.status !== 200 || typeof answer.body !== 'string') throw failure(answer, log, 'a document context');
      return answer.body;
    },

    async search({ userId, fileIds, question, limit }, { signal } = {}) {
      if (fileIds.length === 0 || limit <= 0) return [];
      const perFile = await Promise.all([...new Set(fileIds)].map((fileId) => queryFile(userId, fileId, question, limit, signal)));
      return perFile
        .flat()
        .sort((first, second) => second.score - first.score)
        .slice(0, limit);
    },

    async remove(userId, fileIds) {
      await removeFor(userId, fileIds, requestMs);
    },
  };
}
