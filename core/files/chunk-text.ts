export interface ChunkOptions {
  /** Characters a chunk aims for (about 400 tokens). */
  size: number;
  /** Characters of the previous chunk's end repeated at the start of the next, so a sentence cut at a boundary is found whole in one of them. */
  overlap: number;
}

export const defaultChunkOptions: ChunkOptions = { size: 1600, overlap: 200 };

/**
 * Splits a document's text into passages for the search index: paragraphs (blank-line separated)
 * are packed together up to `size`; a paragraph longer than that is cut at a line, sentence or word
 * end near the size. Each chunk after the first starts with the last `overlap` characters of the one
 * before (from a word start). Blank text gives no chunks.
 */
export function chunkText(text: string, options: ChunkOptions = defaultChunkOptions): string[] {
  const pieces = text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph.length > 0)
    .flatMap((paragraph) => cutLong(paragraph, options.size));
  const chunks: string[] = [];
  let current = '';
  for (const piece of pieces) {
    if (current && current.length + 2 + piece.length > options.size) {
      chunks.push(current);
      current = `${tail(current, options.overlap)}${piece}`;
    } else {
      current = current ? `${current}\n\n${piece}` : piece;
    }
  }
  if (current) chunks.push(current);
  return chunks;
}

/** A paragraph cut into pieces of at most `size`, each ending at the last line, sentence or word end in its second half. */
function cutLong(paragraph: string, size: number): string[] {
  const pieces: string[] = [];
  let rest = paragraph;
  while (rest.length > size) {
    const window = rest.slice(0, size);
    const end = Math.max(window.lastIndexOf('\n'), window.lastIndexOf('. ') + 1, window.lastIndexOf(' '));
    const cut = end > size / 2 ? end : size;
    pieces.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest) pieces.push(rest);
  return pieces;
}

/** The last `length` characters of a chunk, from a word start, followed by a space; empty when the overlap is 0. */
function tail(chunk: string, length: number): string {
  if (length <= 0) return '';
  const end = chunk.slice(-length);
  const wordStart = end.search(/\s/);
  const fromWord = wordStart === -1 ? end : end.slice(wordStart + 1);
  return fromWord ? `${fromWord.trim()} ` : '';
}
