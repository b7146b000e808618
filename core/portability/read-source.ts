import { Readable } from 'node:stream';
import StreamJson from 'stream-json';
import StreamArray from 'stream-json/streamers/StreamArray.js';
import StreamValues from 'stream-json/streamers/StreamValues.js';
import { conversationsOfDocument, formatOf } from './detect-format.js';
import { ImportError, type ImportFormat } from './imported-conversation.js';

/** One conversation of a source file, not yet read: `format` is null when it is in none that is known. */
export interface SourceItem {
  index: number;
  format: ImportFormat | null;
  value: unknown;
}

const byteOrderMark = 0xfeff;

/**
 * The conversations of an export file, one at a time. A top-level array (ChatGPT, Claude, Open
 * WebUI) is parsed as a stream, one item in memory at a time, so a file of hundreds of MB reads in
 * bounded memory; the file is read only as fast as the caller takes items. A top-level object is
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
  const source = Readable.from(rest);
  // Packed values only: the parser's chunk-by-chunk tokens double the garbage and nothing here reads them.
  const tokens = source.pipe(StreamJson.parser({ streamValues: false }));
  const pipeline = tokens.pipe(head === '[' ? StreamArray.streamArray() : StreamValues.streamValues());
  // pipe() does not pass failures on: a syntax error of the parser ends the items with it.
  tokens.on('error', (error) => pipeline.destroy(error));
  // pipe() does not pass a source failure on (an upload over its limit, a dropped connection): it must stop the parse, unchanged.
  let sourceFailure: { error: unknown } | null = null;
  source.on('error', (error) => {
    sourceFailure = { error };
    pipeline.destroy(error);
  });
  try {
    if (head === '[') {
      let format: ImportFormat | null = null;
      for await (const { key, value } of itemsUntilError<{ key: number; value: unknown }>(pipeline)) {
        // The first item decides the file's format; an item in another is reported, not guessed at.
        format ??= formatOf(value);
        yield { index: key, format: format?.matches(value) ? format : null, value };
      }
      return;
    }
    for await (const { value } of itemsUntilError<{ value: unknown }>(pipeline)) {
      const { format, conversations } = conversationsOfDocument(value);
      for (const [index, conversation] of conversations.entries()) yield { index, format: format.matches(conversation) ? format : null, value: conversation };
      return;
    }
  } catch (error) {
    if (sourceFailure || error instanceof ImportError) throw error;
    throw new ImportError(`The file is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    tokens.destroy();
    pipeline.destroy();
  }
}

// Items held before the reader pauses the parse: enough to keep it busy, few enough to bound memory.
const queueLimit = 16;

/**
 * The items of an object stream, then its error if it fails: unlike the stream's own async
 * iterator, every item parsed before a break in the file is still handed out (they are whole).
 */
async function* itemsUntilError<T>(stream: Readable): AsyncGenerator<T> {
  const queue: T[] = [];
  // Set by the stream's events, read by the loop below.
  const state: { failure: { error: unknown } | null; ended: boolean } = { failure: null, ended: false };
  let wake: (() => void) | null = null;
  const notify = () => {
    wake?.();
    wake = null;
  };
  stream.on('data', (item: T) => {
    queue.push(item);
    if (queue.length >= queueLimit) stream.pause();
    notify();
  });
  stream.on('error', (error) => {
    state.failure ??= { error };
    notify();
  });
  stream.on('end', () => {
    state.ended = true;
    notify();
  });
  for (;;) {
    if (queue.length > 0) {
      const item = queue.shift()!;
      if (queue.length < queueLimit && stream.isPaused()) stream.resume();
      yield item;
    } else if (state.failure) throw state.failure.error;
    else if (state.ended) return;
    else await new Promise<void>((resolve) => (wake = resolve));
  }
}

function withoutByteOrderMark(chunk: Buffer | string): Buffer | string {
  if (typeof chunk === 'string') return chunk.charCodeAt(0) === byteOrderMark ? chunk.slice(1) : chunk;
  return chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf ? chunk.subarray(3) : chunk;
}
