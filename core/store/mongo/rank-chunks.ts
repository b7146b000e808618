/** Words as SQLite's unicode61 tokenizer sees them: letters and digits, case and accents folded. */
export function wordsOf(text: string): string[] {
  return (
    text
      .normalize('NFD')
      .replace(/\p{M}+/gu, '')
      .toLowerCase()
      .match(/[\p{L}\p{N}\p{Co}]+/gu) ?? []
  );
}

const k1 = 1.2;
const b = 0.75;

/**
 * Okapi BM25 (k1 1.2, b 0.75, as SQLite's FTS5) of each chunk for the terms, over the given chunks as
 * the collection: MongoDB has no BM25 of its own, and the chunks of the documents attached to one turn
 * are few (capped at extraction), so they are ranked here. Chunks matching no term are left out.
 */
export function rankChunks<Chunk extends { text: string }>(chunks: readonly Chunk[], terms: readonly string[]): Array<{ chunk: Chunk; score: number }> {
  const queryWords = [...new Set(terms.flatMap(wordsOf))];
  if (queryWords.length === 0 || chunks.length === 0) return [];
  const counted = chunks.map((chunk) => {
    const words = wordsOf(chunk.text);
    const frequencies = new Map<string, number>();
    for (const word of words) if (queryWords.includes(word)) frequencies.set(word, (frequencies.get(word) ?? 0) + 1);
    return { chunk, length: words.length, frequencies };
  });
  const averageLength = counted.reduce((sum, entry) => sum + entry.length, 0) / counted.length || 1;
  const inverseFrequency = new Map(
    queryWords.map((word) => {
      const containing = counted.filter((entry) => entry.frequencies.has(word)).length;
      return [word, Math.log((counted.length - containing + 0.5) / (containing + 0.5) + 1)];
    }),
  );
  return counted
    .filter((entry) => entry.frequencies.size > 0)
    .map(({ chunk, length, frequencies }) => {
      let score = 0;
      for (const [word, frequency] of frequencies) {
        score += inverseFrequency.get(word)! * ((frequency * (k1 + 1)) / (frequency + k1 * (1 - b + (b * length) / averageLength)));
      }
      return { chunk, score };
    })
    .sort((first, second) => second.score - first.score);
}
