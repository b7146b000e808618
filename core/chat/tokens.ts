import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Tiktoken } from 'tiktoken/lite';

type Encoding = 'o200k_base' | 'cl100k_base';
const encoders = new Map<Encoding, Tiktoken>();
const require = createRequire(import.meta.url);

/** OpenAI's tokenizer for its model families; other vendors' tokenizers are not public. */
function openAIEncoding(model: string): Encoding | null {
  const bare = model.slice(model.lastIndexOf('/') + 1).toLowerCase();
  if (/^(gpt-4o|gpt-4\.1|gpt-5|o\d|chatgpt-4o)/.test(bare)) return 'o200k_base';
  if (/^(gpt-4|gpt-3\.5|text-embedding)/.test(bare)) return 'cl100k_base';
  return null;
}

/**
 * The WebAssembly port of OpenAI's tokenizer: its rank tables (about 70 MB for o200k_base) live in
 * WebAssembly memory, outside the JavaScript heap. The pure JavaScript port kept them as 68 MB of
 * heap objects, which every full garbage collection had to mark: pauses of tens of milliseconds in
 * the middle of streams. The tables are read once, when a request first needs one.
 */
function encoder(encoding: Encoding): Tiktoken {
  let found = encoders.get(encoding);
  if (!found) {
    // Parsed here rather than required, so the JSON text is not kept in the module cache.
    const ranks = JSON.parse(readFileSync(require.resolve(`tiktoken/encoders/${encoding}.json`), 'utf8')) as { bpe_ranks: string; special_tokens: Record<string, number>; pat_str: string };
    // The WebAssembly module too is only compiled then, not at every start.
    const { Tiktoken: WasmTiktoken } = require('tiktoken/lite') as typeof import('tiktoken/lite');
    found = new WasmTiktoken(ranks.bpe_ranks, ranks.special_tokens, ranks.pat_str);
    encoders.set(encoding, found);
  }
  return found;
}

/**
 * Tokens in a text for a model: exact with OpenAI's tokenizer for OpenAI models; for the others an
 * estimate of one token per four characters (close for English, on the safe side for code), which
 * is what context pruning and balance checks need.
 */
export function countTokens(text: string, model: string): number {
  const encoding = openAIEncoding(model);
  if (!encoding) return Math.ceil(text.length / 4);
  return encoder(encoding).encode(text, 'all').length;
}

/** Per-message overhead of the chat format (role markers), as OpenAI documents it. */
export const MESSAGE_OVERHEAD_TOKENS = 4;
