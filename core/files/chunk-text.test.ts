import { describe, expect, it } from 'vitest';
import { chunkText } from './chunk-text.js';

describe('chunkText', () => {
  it('packs short paragraphs together up to the size', () => {
    expect(chunkText('One.\n\nTwo.\n\n\nThree.', { size: 100, overlap: 0 })).toEqual(['One.\n\nTwo.\n\nThree.']);
  });

  it('starts a new chunk when the next paragraph would not fit, repeating the end of the previous one from a word start', () => {
    const first = 'alpha beta gamma delta';
    const second = 'epsilon zeta eta theta';
    const chunks = chunkText(`${first}\n\n${second}`, { size: 30, overlap: 10 });
    expect(chunks).toEqual([first, `delta ${second}`]);
  });

  it('cuts a paragraph longer than the size at a sentence or word end, never mid-word when a space is near', () => {
    const paragraph = Array.from({ length: 60 }, (_, index) => `word${index}`).join(' ');
    const chunks = chunkText(paragraph, { size: 100, overlap: 0 });
    expect(chunks.length).toBeGreaterThan(3);
    for (const chunk of chunks) {
      expect(chunk.length).toBeLessThanOrEqual(100);
      expect(chunk).toMatch(/^word\d+( word\d+)*$/);
    }
    expect(chunks.join(' ')).toBe(paragraph);
  });

  it('cuts a run without spaces at the size, and gives nothing for blank text', () => {
    expect(chunkText('x'.repeat(250), { size: 100, overlap: 0 })).toEqual(['x'.repeat(100), 'x'.repeat(100), 'x'.repeat(50)]);
    expect(chunkText(' \n\n \n')).toEqual([]);
  });
});
