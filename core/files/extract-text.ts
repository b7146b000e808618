import type { DocumentKind } from './document-kind.js';
import { extractInWorker } from './extract-worker.js';

export interface ExtractionLimits {
  /** Text kept from one document; the rest is left out (a turn could never use more). */
  maxCharacters: number;
  /** PDF and Word files are parsed whole: a larger one is not read at all. */
  maxParsedBytes: number;
  /** How long one PDF or Word extraction may run. */
  timeoutMs: number;
}

/** About 500,000 tokens of text, 64 MB of PDF or Word, 30 s. */
export const defaultExtractionLimits: ExtractionLimits = { maxCharacters: 2_000_000, maxParsedBytes: 64 * 1024 * 1024, timeoutMs: 30_000 };

/** A document whose text could not be read (no text layer, damaged, too large to parse, too slow). */
export class ExtractionError extends Error {
  override name = 'ExtractionError';
}

/**
 * A document's text: UTF-8 files read up to the character cap (the rest of the stream is not read);
 * PDF (pdfjs-dist) and Word (mammoth) files parsed in a worker thread. Text comes back with its line
 * ends normalised and trimmed; an empty result is an ExtractionError, like a failed parse.
 */
export async function extractText(
  kind: DocumentKind,
  body: AsyncIterable<Uint8Array>,
  options: { limits?: ExtractionLimits; signal?: AbortSignal } = {},
): Promise<{ text: string; truncated: boolean }> {
  const limits = options.limits ?? defaultExtractionLimits;
  let text: string;
  if (kind === 'text') {
    text = await readUtf8(body, limits.maxCharacters + 1);
  } else {
    const bytes = await readBytes(body, limits.maxParsedBytes);
    text = await extractInWorker({ kind, bytes, maxCharacters: limits.maxCharacters + 1, timeoutMs: limits.timeoutMs, signal: options.signal }).catch((error: unknown) => {
      throw new ExtractionError(`The ${kind === 'pdf' ? 'PDF' : 'Word document'} could not be read: ${error instanceof Error ? error.message : String(error)}`);
    });
  }
  text = text.replace(/\r\n?/g, '\n').replace(/^\uFEFF/, '').trim();
  if (text.length === 0) throw new ExtractionError('The document holds no text (a scanned PDF has only images)');
  const truncated = text.length > limits.maxCharacters;
  return { text: truncated ? text.slice(0, limits.maxCharacters) : text, truncated };
}

/** Decodes UTF-8 until `maxCharacters` are read; a character cut between chunks is kept whole. */
async function readUtf8(body: AsyncIterable<Uint8Array>, maxCharacters: number): Promise<string> {
  const decoder = new TextDecoder('utf-8');
  let text = '';
  for await (const chunk of body) {
    text += decoder.decode(chunk, { stream: true });
    if (text.length >= maxCharacters) return text;
  }
  return text + decoder.decode();
}

async function readBytes(body: AsyncIterable<Uint8Array>, maxBytes: number): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let length = 0;
  for await (const chunk of body) {
    length += chunk.length;
    if (length > maxBytes) throw new ExtractionError(`The document is larger than ${Math.round(maxBytes / 1024 / 1024)} MB: its text is not read`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
