import { ImportError } from './imported-conversation.js';

const quote = 0x22;
const backslash = 0x5c;
const comma = 0x2c;
const openers = new Set([0x5b, 0x7b]); // [ {
const closers = new Set([0x5d, 0x7d]); // ] }
const whitespace = new Set([0x20, 0x09, 0x0a, 0x0d]);

export const notJson = (reason: string) => new ImportError(`The file is not valid JSON: ${reason}`);

/**
 * The items of a top-level JSON array, each parsed on its own as soon as its last byte arrives.
 * The bytes are only scanned for the item boundaries (nesting, strings and their escapes) and each
 * item's text goes to JSON.parse whole, which leaves far less garbage per byte than a tokenising
 * parser: a file of hundreds of MB reads with one item in memory at a time. The input starts at the
 * array's `[` (leading blanks allowed). Throws a "not valid JSON" ImportError where the file breaks
 * off or holds something else; the items before it have been handed out.
 */
export async function* jsonArrayItems(input: AsyncIterable<Buffer | string>): AsyncGenerator<unknown> {
  // 0: before the array; 1: inside it, between items; deeper: inside an item.
  let depth = 0;
  let inString = false;
  let escaped = false;
  let ended = false;
  let pieces: Buffer[] = [];
  let index = 0;
  for await (const piece of input) {
    const chunk = typeof piece === 'string' ? Buffer.from(piece) : piece;
    let start = 0;
    for (let position = 0; position < chunk.length; position += 1) {
      const byte = chunk[position]!;
      if (inString) {
        if (escaped) escaped = false;
        else if (byte === backslash) escaped = true;
        else if (byte === quote) inString = false;
      } else if (ended || depth === 0) {
        if (whitespace.has(byte)) continue;
        if (ended) throw notJson(`unexpected data after the end of the list at byte ${position}`);
        if (byte !== 0x5b) throw notJson('the file does not start with a list');
        depth = 1;
        start = position + 1;
      } else if (byte === quote) inString = true;
      else if (openers.has(byte)) depth += 1;
      else if (closers.has(byte)) {
        depth -= 1;
        if (depth === 0) {
          pieces.push(chunk.subarray(start, position));
          const item = parseItem(pieces, index);
          pieces = [];
          if (item.present) yield item.value;
          else if (index > 0) throw notJson(`an empty item after item ${index}`);
          ended = true;
        }
      } else if (byte === comma && depth === 1) {
        pieces.push(chunk.subarray(start, position));
        const item = parseItem(pieces, index);
        pieces = [];
        if (!item.present) throw notJson(`item ${index + 1} is empty`);
        index += 1;
        yield item.value;
        start = position + 1;
      }
    }
    if (depth > 0 && !ended) pieces.push(chunk.subarray(start));
  }
  if (!ended) throw notJson(depth === 0 ? 'the file holds no list' : `the file breaks off in item ${index + 1}`);
}

/** One item's bytes as its value; `present: false` for blanks only (the empty list). */
function parseItem(pieces: Buffer[], index: number): { present: true; value: unknown } | { present: false } {
  const text = (pieces.length === 1 ? pieces[0]! : Buffer.concat(pieces)).toString('utf8').trim();
  if (text === '') return { present: false };
  try {
    return { present: true, value: JSON.parse(text) };
  } catch (error) {
    throw notJson(`item ${index + 1}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
