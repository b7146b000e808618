/**
 * Deterministic message text for the seeded history: a Zipf-distributed vocabulary (so word
 * frequencies look like language and the full-text index has realistic posting lists), plus planted
 * words with known frequencies for the search figures.
 */

/** Planted words and the share of messages that contain them. */
export const plantedWords = {
  /** In about 2 messages per 10,000: a word a user searches to find one old conversation. */
  rare: { word: 'zeppelin', share: 0.0002 },
  /** In about 1 message in 10: a topic word that fills many pages of results. */
  common: { word: 'python', share: 0.1 },
} as const;

/** Present in nearly every message; searched for information only, it has no target. */
export const everywhereWord = 'the';

/** mulberry32: small, fast and seedable, so every seeding of the same sizes writes the same text. */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

const functionWords = ['the', 'of', 'and', 'to', 'a', 'in', 'is', 'it', 'you', 'that', 'for', 'on', 'with', 'as', 'this', 'can', 'be', 'or', 'are', 'by'];
const syllables = ['ka', 'lo', 'mi', 'ten', 'ra', 'sun', 'de', 'vi', 'co', 'mar', 'pe', 'lin', 'to', 'gra', 'ne', 'ser', 'bu', 'fol', 'da', 'ix'];

function buildVocabulary(random: () => number): string[] {
  const words = new Set(functionWords);
  const planted = new Set<string>([plantedWords.rare.word, plantedWords.common.word]);
  while (words.size < 4_000) {
    const length = 2 + Math.floor(random() * 3);
    let word = '';
    for (let index = 0; index < length; index += 1) word += syllables[Math.floor(random() * syllables.length)];
    if (!planted.has(word)) words.add(word);
  }
  return [...words];
}

/** Picks words by Zipf's law (rank r with weight 1/r) through a cumulative table and binary search. */
export function createTextGenerator(seed: number) {
  const random = createRandom(seed);
  const vocabulary = buildVocabulary(random);
  const cumulative = new Float64Array(vocabulary.length);
  let sum = 0;
  for (let rank = 0; rank < vocabulary.length; rank += 1) cumulative[rank] = sum += 1 / (rank + 1);
  const pick = () => {
    const target = random() * sum;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (cumulative[middle] < target) low = middle + 1;
      else high = middle;
    }
    return vocabulary[low];
  };
  return {
    random,
    /** A message of minWords to maxWords words, with the planted words at their shares. */
    message(minWords: number, maxWords: number): string {
      const count = minWords + Math.floor(random() * (maxWords - minWords + 1));
      const words: string[] = ['The'];
      for (let index = 1; index < count; index += 1) words.push(pick());
      if (random() < plantedWords.common.share) words.splice(1 + Math.floor(random() * count), 0, plantedWords.common.word);
      if (random() < plantedWords.rare.share) words.splice(1 + Math.floor(random() * count), 0, plantedWords.rare.word);
      return words.join(' ') + '.';
    },
  };
}
