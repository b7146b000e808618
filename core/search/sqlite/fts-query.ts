import { queryTerms } from '../query-terms.js';

/**
 * The FTS5 MATCH expression for a search box query: every word quoted (so AND, NEAR, `-`, `:` or a
 * stray quote are text, never syntax) and made a prefix ("hel" finds "hello"), all of them required.
 * Null when nothing searchable is left: the caller answers no results instead of running a query.
 */
export function ftsMatchExpression(query: string): string | null {
  const terms = queryTerms(query);
  if (terms.length === 0) return null;
  // queryTerms never returns a quote; doubling one anyway keeps this safe on its own.
  return terms.map((term) => `"${term.replaceAll('"', '""')}"*`).join(' ');
}

/**
 * Narrows a match expression to one user's rows through the indexed user_id column (migration 004),
 * and keeps the words to the other column, so a word can never match an id.
 */
export function ftsUserMatch(match: string, userId: string): string {
  return `user_id : "${userId.replaceAll('"', '""')}" AND - user_id : (${match})`;
}
