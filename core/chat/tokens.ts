import { createRequire } from 'node:module';
import { Tiktoken } from 'js-tiktoken/lite';

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

function encoder(encoding: Encoding): Tiktoken {
  let found = encoders.get(encoding);
  if (!found) {
    // The rank tables are megabytes of JS: load one only when a request first needs it.
    const ranks = require(`js-tiktoken/ranks/${encoding}`);
    found = new Tiktoken(ranks.default ?? ranks);
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
