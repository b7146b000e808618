import { conversationsOfDocument, formatOf } from './detect-format.js';
import { ImportError, type ImportFormat } from './imported-conversation.js';
import { jsonArrayItems, notJson } from './json-array-items.js';

/** One conversation of a source file, not yet read: `format` is null when it is in none that is known. */
export interface SourceItem {
  index: number;
  format: ImportFormat | null;
  value: unknown;
}

const byteOrderMark = 0xfeff;

/**
 * The conversations of an export file, one at a time. A top-level array (ChatGPT, Claude, Open
 * WebUI) is read item by item (jsonArrayItems), one item in memory at a time, so a file of hundreds
 * of MB reads in bounded memory; the file is read only as fast as the caller takes items. A top-level object is
 * one export (or chatbot-ui's history) and is read whole. A UTF-8 byte order mark is skipped.
 * Throws an ImportError when the file is not JSON or its JSON breaks off.
 */
export async function* readSource(input: AsyncIterable<Buffer | string>): AsyncGenerator<SourceItem> {
  const chunks = input[Symbol.asyncIterator]();
  let head = '';
  // Peek at the first non-blank character; everything read so far is handed on unchanged.
  const seen: Array<Buffer | string> = [];
  while (head === '') {
    const next = await chunks.next();
    if (next.done) throw new ImportError('The file is empty');
    seen.push(next.value);
    const text = (typeof next.value === 'string' ? next.value : next.value.toString('utf8', 0, Math.min(next.value.length, 64))).replace(/^\uFEFF/, '');
    head = text.trimStart().charAt(0);
  }
  if (head !== '[' && head !== '{') throw new ImportError('Unsupported import type: the file is not JSON');
  const rest = (async function* () {
    for (const [position, chunk] of seen.entries()) yield position === 0 ? withoutByteOrderMark(chunk) : chunk;
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield next.value;
  })();
  if (head === '[') {
    let format: ImportFormat | null = null;
    let index = 0;
    for await (const value of jsonArrayItems(rest)) {
      // The first item decides the file's format; an item in another is reported, not guessed at.
      format ??= formatOf(value);
      yield { index, format: format?.matches(value) ? format : null, value };
      index += 1;
    }
    return;
  }
  const { format, conversations } = conversationsOfDocument(await wholeDocument(rest));
  for (const [index, conversation] of conversations.entries()) yield { index, format: format.matches(conversation) ? format : null, value: conversation };
}

/** A top-level object (one export, chatbot-ui's history): read whole, as it is one value. */
async function wholeDocument(input: AsyncIterable<Buffer | string>): Promise<unknown> {
  const pieces: Buffer[] = [];
  for await (const piece of input) pieces.push(typeof piece === 'string' ? Buffer.from(piece) : piece);
  try {
    return JSON.parse(Buffer.concat(pieces).toString('utf8'));
  } catch (error) {
    throw notJson(error instanceof Error ? error.message : String(error));
  }
}

function withoutByteOrderMark(chunk: Buffer | string): Buffer | string {
  if (typeof chunk === 'string') return chunk.charCodeAt(0) === byteOrderMark ? chunk.slice(1) : chunk;
  return chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf ? chunk.subarray(3) : chunk;
}
