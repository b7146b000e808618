import { describe, expect, it } from 'vitest';
import { boundText, formatSearchHits, MAX_SEARCH_TEXT } from './search-results.js';

describe('formatSearchHits', () => {
  it('numbers title, link and snippet, one line each, under the answer', () => {
    const text = formatSearchHits(
      [
        { title: 'First\n  hit', link: 'https://a.example', snippet: 'Line one\nline two' },
        { title: '', snippet: '  ' },
      ],
      { answer: ' Forty-two ', nothing: 'none' },
    );
    expect(text).toBe('Answer: Forty-two\n\n1. First hit\n   https://a.example\n   Line one line two\n\n2. Untitled');
  });

  it('stays within the budget, cutting long snippets and counting the results left out', () => {
    const hits = Array.from({ length: 50 }, (_, index) => ({ title: `Result ${index}`, link: `https://example.com/${index}`, snippet: 'word '.repeat(400) }));
    const text = formatSearchHits(hits, { nothing: 'none' });
    expect(text.length).toBeLessThanOrEqual(MAX_SEARCH_TEXT + 40);
    expect(text).toMatch(/\n\n\(\d+ more results left out\)$/);
    const shown = text.match(/^\d+\. /gm)!.length;
    expect(text).toContain(`(${50 - shown} more results left out)`);
    expect(text.split('\n').find((line) => line.startsWith('   word'))!.length).toBeLessThanOrEqual(703);
  });

  it('says `nothing` when there is neither a hit nor an answer', () => {
    expect(formatSearchHits([], { answer: '  ', nothing: 'Nothing found.' })).toBe('Nothing found.');
  });

  it('bounds plain text answers', () => {
    expect(boundText('x'.repeat(MAX_SEARCH_TEXT + 100))).toHaveLength(MAX_SEARCH_TEXT);
    expect(boundText('  short  ')).toBe('short');
  });
});
