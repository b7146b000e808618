/** A word of a document or query, folded the way Meilisearch matches it, with where it sits. */
export interface Token {
  word: string;
  start: number;
  end: number;
  position: number;
}

const wordPattern = /[\p{L}\p{N}]+/gu;

/** Lower case without diacritics: "Café" and "cafe" are the same word. */
export function normalize(word: string): string {
  return word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

export function tokenize(text: string): Token[] {
  return [...text.matchAll(wordPattern)].map((match, position) => ({
    word: normalize(match[0]),
    start: match.index,
    end: match.index + match[0].length,
    position,
  }));
}

/** Edit distance of a and b, giving up (returning max + 1) once it must exceed max. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMinimum = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      rowMinimum = Math.min(rowMinimum, current[j]);
    }
    if (rowMinimum > max) return max + 1;
    previous = current;
  }
  return previous[b.length];
}

/** The string values of a document field (arrays flattened, numbers as text). */
export function fieldStrings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'number' || typeof value === 'boolean') return [String(value)];
  if (Array.isArray(value)) return value.flatMap(fieldStrings);
  return [];
}
