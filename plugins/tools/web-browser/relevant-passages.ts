/** Words too common to tell passages apart. */
const stopWords = new Set(
  'the and for are but not you all any can had her was one our out has him his how its may new now old see two way who did get let put say she too use what when where which while with this that from they them then than there their these those have into only over such some were will would about after also been before being could does each more most much other should very your why'.split(' '),
);

/** The words of a question that can select passages: lower case, three letters or more, no stop words. */
export function keywordsOf(question: string): string[] {
  return [...new Set(question.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? [])].filter((word) => !stopWords.has(word));
}

/**
 * The part of a page's text a model needs, within `budget` characters: with no question (or none
 * of its words on the page), the beginning; otherwise the paragraphs sharing the most of the
 * question's words, in page order, so the answer is there even on a long page. chatbox ranks by
 * words, without embeddings, so the tool needs no API key.
 */
export function relevantPassages(text: string, question: string, budget: number): { text: string; selected: boolean } {
  if (text.length <= budget) return { text, selected: false };
  const keywords = keywordsOf(question);
  const paragraphs = text.split(/\n{2,}/);
  const scored = paragraphs.map((paragraph, index) => {
    const lower = paragraph.toLowerCase();
    return { index, paragraph, score: keywords.reduce((total, word) => total + (lower.includes(word) ? 1 : 0), 0) };
  });
  if (keywords.length === 0 || scored.every((entry) => entry.score === 0)) return { text: cut(text, budget), selected: false };
  const chosen: typeof scored = [];
  let used = 0;
  for (const entry of [...scored].filter((candidate) => candidate.score > 0).sort((a, b) => b.score - a.score || a.index - b.index)) {
    const room = budget - used;
    if (room < 80) break;
    const paragraph = cut(entry.paragraph, room);
    chosen.push({ ...entry, paragraph });
    used += paragraph.length + 2;
  }
  return { text: chosen.sort((a, b) => a.index - b.index).map((entry) => entry.paragraph).join('\n\n'), selected: true };
}

const cut = (text: string, budget: number) => (text.length <= budget ? text : `${text.slice(0, budget - 1).trimEnd()}…`);
