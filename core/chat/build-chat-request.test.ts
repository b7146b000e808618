import { describe, expect, it } from 'vitest';
import { buildChatRequest } from './build-chat-request.js';
import { countTokens, MESSAGE_OVERHEAD_TOKENS } from './tokens.js';

const model = 'gpt-4o';
const user = (text: string, tokenCount?: number) => ({ text, isCreatedByUser: true, tokenCount });
const reply = (text: string, tokenCount?: number) => ({ text, isCreatedByUser: false, tokenCount });
const build = (branch: Array<ReturnType<typeof user>>, options: Record<string, unknown> = {}, generation = '') =>
  buildChatRequest({ model, userId: 'u1', options, branch, generation });

describe('buildChatRequest', () => {
  it('sends a branch that fits whole, and counts the same prompt tokens as counting every message', () => {
    const branch = [user('Hello there'), reply('Hi! How can I help?', 7), user('Café naïve — 日本語のテキスト 🙂')];
    const built = build(branch, { promptPrefix: 'Be brief.' });
    expect(built.dropped).toBe(0);
    expect(built.request.messages).toEqual([
      { role: 'user', content: 'Hello there' },
      { role: 'assistant', content: 'Hi! How can I help?' },
      { role: 'user', content: 'Café naïve — 日本語のテキスト 🙂' },
    ]);
    expect(built.request.system).toBe('Be brief.');
    const expected = countTokens('Hello there', model) + 7 + countTokens('Café naïve — 日本語のテキスト 🙂', model) + countTokens('Be brief.', model) + 3 * MESSAGE_OVERHEAD_TOKENS;
    expect(built.promptTokens()).toBe(expected);
  });

  it('prunes the oldest messages by their real token counts when the branch may not fit', () => {
    // 300 × "one " is 1,200 bytes but 300 tokens: the byte bound says "may not fit", the count decides.
    const branch = [user('one '.repeat(300)), reply('two '.repeat(300)), user('three')];
    const fits = build(branch, { maxContextTokens: 1_000, maxOutputTokens: 500 });
    expect(fits.dropped).toBe(1);
    expect(fits.request.messages.map((message) => message.content.slice(0, 3))).toEqual(['two', 'thr']);
    expect(fits.promptTokens()).toBe(countTokens('two '.repeat(300), model) + countTokens('three', model) + 2 * MESSAGE_OVERHEAD_TOKENS);

    // About 620 tokens against a budget of 700, though 2,400 bytes.
    const roomy = build(branch, { maxContextTokens: 1_000, maxOutputTokens: 300 });
    expect(roomy.dropped).toBe(0);
  });

  it('always keeps the new prompt, and counts a continued reply as an assistant message', () => {
    const alone = build([user('word '.repeat(500))], { maxContextTokens: 100, maxOutputTokens: 10 });
    expect(alone.dropped).toBe(0);
    expect(alone.request.messages).toHaveLength(1);

    const continued = build([user('Tell me a story')], {}, 'Once upon');
    expect(continued.request.messages.at(-1)).toEqual({ role: 'assistant', content: 'Once upon' });
    expect(continued.promptTokens()).toBe(countTokens('Tell me a story', model) + countTokens('Once upon', model) + 2 * MESSAGE_OVERHEAD_TOKENS);
  });
});
