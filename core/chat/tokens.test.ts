import { describe, expect, it } from 'vitest';
import { countTokens } from './tokens.js';

describe('countTokens', () => {
  it("counts with OpenAI's tokenizer of the model's family, whatever prefix names the vendor", () => {
    expect(countTokens('Hello there', 'gpt-4o')).toBe(2);
    // o200k_base and cl100k_base split non-English text differently.
    expect(countTokens('Café naïve — 日本語のテキスト 🙂', 'gpt-4o')).toBe(12);
    expect(countTokens('Café naïve — 日本語のテキスト 🙂', 'openai/gpt-4o-mini')).toBe(12);
    expect(countTokens('Café naïve — 日本語のテキスト 🙂', 'gpt-4')).toBe(15);
  });

  it('counts special-token text in a message as the one token it encodes to', () => {
    expect(countTokens('<|endoftext|> is text here', 'gpt-4o')).toBe(4);
  });

  it('estimates one token per four characters for models whose tokenizer is not public', () => {
    expect(countTokens('a'.repeat(10), 'claude-3-5-sonnet')).toBe(3);
    expect(countTokens('', 'gemini-1.5-pro')).toBe(0);
  });
});
