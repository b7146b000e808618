/** One hit of a search service, as the model reads it. */
export interface SearchHit {
  title: string;
  link?: string;
  snippet?: string;
}

/** The most text a search tool answers: room for about ten results with their snippets. */
export const MAX_SEARCH_TEXT = 8_000;

/** The longest snippet kept of one hit; a page's full text is not a snippet. */
const MAX_SNIPPET_CHARS = 700;

/**
 * The results as numbered entries (title, link, snippet) under an optional direct answer, within
 * MAX_SEARCH_TEXT: entries that do not fit are left out and counted, so the model knows there were more.
 * No hit and no answer says `nothing` rather than an empty string the model might take for a failure.
 */
export function formatSearchHits(hits: readonly SearchHit[], options: { answer?: string; nothing: string }): string {
  const parts: string[] = [];
  if (options.answer?.trim()) parts.push(`Answer: ${shorten(options.answer.trim(), MAX_SEARCH_TEXT / 2)}`);
  let length = parts.join('').length;
  let shown = 0;
  for (const hit of hits) {
    const lines = [`${shown + 1}. ${oneLine(hit.title) || 'Untitled'}`];
    if (hit.link) lines.push(`   ${hit.link}`);
    if (hit.snippet?.trim()) lines.push(`   ${shorten(oneLine(hit.snippet), MAX_SNIPPET_CHARS)}`);
    const entry = lines.join('\n');
    if (length + entry.length + 2 > MAX_SEARCH_TEXT) break;
    parts.push(entry);
    length += entry.length + 2;
    shown += 1;
  }
  if (shown < hits.length) parts.push(`(${hits.length - shown} more results left out)`);
  return parts.length === 0 ? options.nothing : parts.join('\n\n');
}

/** Cuts text to `limit` characters with a note, for answers that are text rather than hits. */
export function boundText(text: string, limit = MAX_SEARCH_TEXT): string {
  return shorten(text.trim(), limit);
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

const shorten = (text: string, limit: number) => (text.length > limit ? `${text.slice(0, limit - 1)}…` : text);
