/**
 * The words of a search box query, the only part of user input any backend ever sees. A word is a
 * run of letters, digits or private-use characters: exactly the token characters of SQLite's
 * unicode61 tokenizer (categories L*, N*, Co), so each word is one token there, and everything else —
 * quotes, `*`, `-`, parentheses, `:` , `^` — is dropped rather than interpreted. Operators typed as
 * words (AND, NEAR) stay plain words because every backend receives them quoted or as text.
 */
const wordPattern = /[\p{L}\p{N}\p{Co}]+/gu;

/** Enough for any real query; bounds the work a pasted wall of text can cause. */
const maximumTerms = 16;
const maximumTermLength = 64;

export function queryTerms(query: string): string[] {
  const words = query.match(wordPattern) ?? [];
  return words.slice(0, maximumTerms).map((word) => word.slice(0, maximumTermLength));
}
