import { createHash } from 'node:crypto';

/** One stored chunk, shaped as LibreChat's RAG API keeps it (langchain Document + metadata). */
export interface StoredChunk {
  page_content: string;
  metadata: { file_id: string; user_id: string; source: string; digest: string };
}

/** Words per chunk: small, so a short test document already has several. */
const WORDS_PER_CHUNK = 40;

const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** Extensions the RAG API reads as text, as its loader picks them; anything else is an unknown type. */
const textExtensions = new Set(['txt', 'md', 'csv', 'json', 'xml', 'rst', 'js', 'ts', 'py', 'c', 'cpp', 'java', 'rb', 'php', 'html', 'css', 'sh']);

/**
 * The text of a PDF-like file: the strings shown with `Tj` in its content streams (an uncompressed
 * PDF, as tests write them), standing in for the RAG API's PyPDFLoader.
 */
function pdfText(bytes: Buffer): string {
  const shown = [...bytes.toString('latin1').matchAll(/\(((?:\\.|[^\\)])*)\)\s*Tj/g)].map((match) => match[1].replace(/\\(.)/g, '$1'));
  return shown.join('\n');
}

/** What the RAG API's loader makes of an upload: its text and whether the type was known. */
export function loadDocument(fileName: string, contentType: string, bytes: Buffer): { text: string; knownType: boolean } | { error: string } {
  const extension = fileName.includes('.') ? fileName.split('.').pop()!.toLowerCase() : '';
  if (extension === 'pdf') return { text: pdfText(bytes), knownType: true };
  const knownType = textExtensions.has(extension) || contentType.startsWith('text/');
  // The real loader falls back to plain text and fails on bytes that are not text.
  if (bytes.includes(0)) return { error: `Error during file processing: cannot decode ${fileName} as text` };
  return { text: bytes.toString('utf8'), knownType };
}

/** Chunks per file id, each tagged with the user whose token embedded it. */
export class RagApiStore {
  readonly chunks: StoredChunk[] = [];

  add(fileId: string, userId: string, fileName: string, text: string): number {
    const all = words(text).length === 0 ? [] : text.split(/\s+/).filter(Boolean);
    let added = 0;
    for (let start = 0; start < all.length; start += WORDS_PER_CHUNK) {
      const content = all.slice(start, start + WORDS_PER_CHUNK).join(' ');
      const digest = createHash('md5').update(content).digest('hex');
      this.chunks.push({ page_content: content, metadata: { file_id: fileId, user_id: userId, source: `/app/uploads/${userId}/${fileName}`, digest } });
      added += 1;
    }
    return added;
  }

  of(userId: string, fileId: string): StoredChunk[] {
    return this.chunks.filter((chunk) => chunk.metadata.file_id === fileId && chunk.metadata.user_id === userId);
  }

  remove(userId: string, fileIds: readonly string[]): { missing: boolean } {
    let missing = false;
    for (const fileId of fileIds) {
      if (this.of(userId, fileId).length === 0) missing = true;
      for (let index = this.chunks.length - 1; index >= 0; index -= 1) {
        const { file_id, user_id } = this.chunks[index].metadata;
        if (file_id === fileId && user_id === userId) this.chunks.splice(index, 1);
      }
    }
    return { missing };
  }

  /** Word overlap standing in for vector similarity: `[chunk, distance]`, closest first, like the real /query. */
  query(userId: string, fileId: string, question: string, k: number): Array<[StoredChunk, number]> {
    const asked = new Set(words(question));
    if (asked.size === 0) return [];
    return this.of(userId, fileId)
      .map((chunk): [StoredChunk, number] => {
        const present = new Set(words(chunk.page_content));
        const shared = [...asked].filter((word) => present.has(word)).length;
        return [chunk, 1 - shared / asked.size];
      })
      .sort((first, second) => first[1] - second[1])
      .slice(0, k);
  }
}
