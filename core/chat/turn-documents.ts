import type { EndpointOptions } from '../store/repositories/common.js';
import type { Message } from '../store/repositories/messages.js';
import type { ChatServices } from './chat-services.js';
import { contextWindow } from './context-window.js';
import { countTokens } from './tokens.js';
import { isImageFile, resendsFiles } from './turn-images.js';

/** Passages a document too large to go in whole contributes (LibreChat asks its RAG API for k = 4). */
export const passagesPerDocument = 4;

/** One attached document as the model sees it: its whole text, or its best passages for the question. */
export interface DocumentContext {
  fileName: string;
  whole: boolean;
  texts: string[];
}

/**
 * The documents of a turn's branch (the turn's own message always, earlier user messages when
 * `resendFiles` is on, as for images), each read from the document index: whole when all of them
 * together fit half the model's context window (the other half stays for the conversation and the
 * reply), otherwise — largest first — a document's best passages for the user's question (BM25).
 * A document whose index keeps no whole text (LibreChat's RAG API without RAG_USE_FULL_CONTEXT)
 * always goes by passages. A document whose text was never indexed (no text layer) is left out.
 */
export async function loadBranchDocuments(
  services: Pick<ChatServices, 'store' | 'documents' | 'log'>,
  turn: { userId: string; model: string; endpointKind: string; options: EndpointOptions; branch: ReadonlyArray<Pick<Message, 'messageId' | 'isCreatedByUser' | 'files'>>; current: string; question: string },
): Promise<DocumentContext[]> {
  const resend = resendsFiles(turn.options.resendFiles ?? turn.options.resendImages, turn.endpointKind);
  const fileIds = new Set<string>();
  for (const message of turn.branch) {
    if (!message.isCreatedByUser || (message.messageId !== turn.current && !resend)) continue;
    for (const file of message.files ?? []) if (!isImageFile(file)) fileIds.add(file.file_id);
  }
  const documents: Array<{ fileId: string; fileName: string; text: string | null; tokens: number }> = [];
  for (const fileId of fileIds) {
    const record = await services.store.files.find(turn.userId, fileId);
    if (record?.embedded) documents.push({ fileId, fileName: record.filename, text: await services.documents.wholeText(turn.userId, fileId), tokens: 0 });
  }
  let budget = Math.floor(contextWindow(turn.model, turn.options.maxContextTokens) / 2);
  for (const document of documents) document.tokens = document.text === null ? Number.POSITIVE_INFINITY : documentTokens(document.text, turn.model, budget);
  // Smallest first: as many documents as fit go in whole, the larger rest by passages.
  documents.sort((first, second) => first.tokens - second.tokens);
  const contexts: DocumentContext[] = [];
  for (const document of documents) {
    if (document.text !== null && document.tokens <= budget) {
      budget -= document.tokens;
      contexts.push({ fileName: document.fileName, whole: true, texts: [document.text] });
      continue;
    }
    const passages = await services.documents.search({ userId: turn.userId, fileIds: [document.fileId], question: turn.question, limit: passagesPerDocument }).catch((error: unknown) => {
      services.log.warn({ err: error, fileId: document.fileId }, 'searching an attached document failed: left out of the request');
      return [];
    });
    if (passages.length > 0) contexts.push({ fileName: document.fileName, whole: false, texts: passages.map((passage) => passage.text) });
  }
  return contexts;
}

/**
 * A document's tokens, as far as the fit decision needs them: tokenizing a 2,000,000-character text
 * on every turn would cost seconds, so a text whose bytes (more than its tokens can ever be) fit is
 * taken at that, and one of more than 12 characters per token of the budget cannot fit; only the
 * texts in between are counted.
 */
function documentTokens(text: string, model: string, budget: number): number {
  const bytes = Buffer.byteLength(text);
  if (bytes <= budget) return bytes;
  if (text.length > budget * 12) return Number.POSITIVE_INFINITY;
  return countTokens(text, model);
}

const escapeXml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/**
 * The block put before the system prompt, in the shape LibreChat's createContextHandlers gives its
 * RAG context (`<file><filename>…<context><contextItem>…`), asking the model to cite file names.
 * File names and texts are escaped, so a document cannot close the tags around it.
 */
export function formatDocumentContext(documents: readonly DocumentContext[]): string | null {
  if (documents.length === 0) return null;
  const files = documents
    .map(({ fileName, whole, texts }) => {
      const items = whole ? escapeXml(texts[0]) : texts.map((text) => `<contextItem>${escapeXml(text)}</contextItem>`).join('\n');
      return `<file>\n<filename>${escapeXml(fileName)}</filename>\n<context>\n${items}\n</context>\n</file>`;
    })
    .join('\n');
  const searched = documents.some((document) => !document.whole);
  return [
    `The user has attached ${documents.length === 1 ? 'a file' : `${documents.length} files`} to the conversation. ${searched ? "Where a file was too long to include whole, the passages most relevant to the user's message are given (<contextItem>)." : 'Their full text follows.'}`,
    `<files>\n${files}\n</files>`,
    'Use the files as your knowledge to answer the user. When you use what a file says, cite its file name in square brackets, for example [report.pdf]. If the files do not hold the answer, say so.',
  ].join('\n\n');
}
