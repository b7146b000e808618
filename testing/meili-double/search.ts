import { compileFilter, type Filter } from './filter.js';
import { MeiliError } from './meili-error.js';
import type { IndexState } from './index-state.js';
import { editDistance, fieldStrings, normalize, tokenize, type Token } from './text.js';

export interface SearchRequest {
  q?: string | null;
  filter?: Filter;
  sort?: string[];
  limit?: number;
  offset?: number;
  page?: number;
  hitsPerPage?: number;
  attributesToRetrieve?: string[];
  attributesToHighlight?: string[];
  highlightPreTag?: string;
  highlightPostTag?: string;
  showRankingScore?: boolean;
  matchingStrategy?: 'last' | 'all' | 'frequency';
}

interface QueryWord {
  word: string;
  prefix: boolean;
}

interface WordMatch {
  typos: number;
  exact: boolean;
  attribute: number;
  position: number;
}

interface Candidate {
  document: Record<string, unknown>;
  order: number;
  matched: number;
  typos: number;
  proximity: number;
  attribute: number;
  exact: number;
  score: number;
}

/** Typos a query word may have: Meilisearch's defaults, 1 from 5 letters and 2 from 9. */
function allowedTypos(state: IndexState, word: string): number {
  const typo = state.settings.typoTolerance as { enabled?: boolean; minWordSizeForTypos?: { oneTypo?: number; twoTypos?: number } };
  if (typo.enabled === false) return 0;
  const sizes = { oneTypo: 5, twoTypos: 9, ...typo.minWordSizeForTypos };
  return word.length >= sizes.twoTypos ? 2 : word.length >= sizes.oneTypo ? 1 : 0;
}

/** How a query word matches a document word: exact, as a prefix (last word only), or with typos. */
export function matchWord(state: IndexState, query: QueryWord, word: string): { typos: number; exact: boolean } | null {
  if (word === query.word) return { typos: 0, exact: true };
  if (query.prefix && word.startsWith(query.word)) return { typos: 0, exact: false };
  const allowed = allowedTypos(state, query.word);
  if (allowed === 0) return null;
  const distance = Math.min(
    editDistance(query.word, word, allowed),
    query.prefix ? editDistance(query.word, word.slice(0, query.word.length), allowed) : allowed + 1,
  );
  return distance <= allowed ? { typos: distance, exact: false } : null;
}

export function queryWords(q: string): QueryWord[] {
  const tokens = tokenize(q);
  // As in Meilisearch, the last word is a prefix unless the query ends with a separator.
  const endsWithWord = /[\p{L}\p{N}]$/u.test(q);
  return tokens.map((token, index) => ({ word: token.word, prefix: endsWithWord && index === tokens.length - 1 }));
}

function searchableFields(state: IndexState, document: Record<string, unknown>): string[] {
  const searchable = state.settings.searchableAttributes as string[];
  return searchable.includes('*') ? Object.keys(document) : searchable;
}

function rankDocument(state: IndexState, document: Record<string, unknown>, order: number, words: QueryWord[], strategy: string): Candidate | null {
  const base: Candidate = { document, order, matched: 0, typos: 0, proximity: 0, attribute: 0, exact: 0, score: 1 };
  if (words.length === 0) return base;
  const fields = searchableFields(state, document).map((field) => fieldStrings(document[field]).flatMap((text) => tokenize(text)));
  const best: Array<WordMatch | null> = words.map((query) => {
    let found: WordMatch | null = null;
    fields.forEach((tokens, attribute) => {
      for (const token of tokens) {
        const match = matchWord(state, query, token.word);
        if (match && (!found || match.typos < found.typos || (match.typos === found.typos && match.exact && !found.exact))) {
          found = { ...match, attribute, position: token.position };
        }
      }
    });
    return found;
  });
  // 'all' needs every word; 'last' drops words from the end until the rest all match.
  let matched = best.findIndex((match) => match === null);
  if (matched === -1) matched = words.length;
  if (matched === 0 || (strategy === 'all' && matched < words.length)) return null;
  const used = best.slice(0, matched) as WordMatch[];
  let proximity = 0;
  for (let index = 1; index < used.length; index++) {
    const [a, b] = [used[index - 1], used[index]];
    proximity += a.attribute === b.attribute ? Math.min(Math.abs(b.position - a.position), 8) - 1 : 7;
  }
  const typos = used.reduce((sum, match) => sum + match.typos, 0);
  const exact = used.filter((match) => match.exact).length;
  const attribute = Math.min(...used.map((match) => match.attribute * 1000 + match.position));
  const score =
    0.5 * (matched / words.length) +
    0.2 * (1 - typos / (2 * words.length)) +
    0.15 * (1 - proximity / (7 * Math.max(1, words.length - 1))) +
    0.1 * (exact / words.length) +
    0.05 / (1 + attribute / 1000);
  return { ...base, matched, typos, proximity, attribute, exact, score: Math.round(score * 1e6) / 1e6 };
}

function compareField(a: Record<string, unknown>, b: Record<string, unknown>, field: string, direction: string): number {
  const [x, y] = [a[field], b[field]];
  if (x === y) return 0;
  if (x === undefined || x === null) return 1;
  if (y === undefined || y === null) return -1;
  const result = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
  return direction === 'desc' ? -result : result;
}

function compareCandidates(state: IndexState, sort: string[], a: Candidate, b: Candidate): number {
  for (const rule of state.settings.rankingRules as string[]) {
    const difference =
      rule === 'words' ? b.matched - a.matched
      : rule === 'typo' ? a.typos - b.typos
      : rule === 'proximity' ? a.proximity - b.proximity
      : rule === 'attribute' ? a.attribute - b.attribute
      : rule === 'exactness' ? b.exact - a.exact
      : rule === 'sort' ? sort.reduce((found, entry) => found || compareField(a.document, b.document, ...(entry.split(':') as [string, string])), 0)
      : rule.includes(':') ? compareField(a.document, b.document, ...(rule.split(':') as [string, string]))
      : 0;
    if (difference !== 0) return difference;
  }
  return a.order - b.order;
}

function highlight(state: IndexState, text: string, words: QueryWord[], pre: string, post: string): string {
  let result = '';
  let last = 0;
  for (const token of tokenize(text) as Token[]) {
    if (!words.some((query) => matchWord(state, query, token.word))) continue;
    // The whole word is wrapped; the real server wraps only the matched prefix of a prefix match.
    result += text.slice(last, token.start) + pre + text.slice(token.start, token.end) + post;
    last = token.end;
  }
  return result + text.slice(last);
}

function pick(document: Record<string, unknown>, fields: string[] | undefined): Record<string, unknown> {
  if (!fields || fields.includes('*')) return { ...document };
  return Object.fromEntries(fields.filter((field) => field in document).map((field) => [field, document[field]]));
}

export function search(state: IndexState, request: SearchRequest): Record<string, unknown> {
  const started = Date.now();
  const q = request.q ?? '';
  const sort = request.sort ?? [];
  for (const entry of sort) {
    const field = entry.split(':')[0];
    if (!(state.settings.sortableAttributes as string[]).includes(field)) {
      throw new MeiliError(400, 'invalid_search_sort', `Attribute \`${field}\` is not sortable. Available sortable attributes are: \`${(state.settings.sortableAttributes as string[]).join(', ')}\`.`);
    }
  }
  const predicate = compileFilter(request.filter, state.settings.filterableAttributes as string[]);
  const words = queryWords(q).filter((word) => !(state.settings.stopWords as string[]).includes(normalize(word.word)));
  const strategy = request.matchingStrategy ?? 'last';
  const candidates = [...state.documents.values()]
    .map((document, order) => (predicate(document) ? rankDocument(state, document, order, words, strategy) : null))
    .filter((candidate) => candidate !== null)
    .sort((a, b) => compareCandidates(state, sort, a, b));

  const paged = request.page !== undefined || request.hitsPerPage !== undefined;
  const hitsPerPage = request.hitsPerPage ?? 20;
  const page = request.page ?? 1;
  const limit = paged ? hitsPerPage : request.limit ?? 20;
  const offset = paged ? (page - 1) * hitsPerPage : request.offset ?? 0;
  const pre = request.highlightPreTag ?? '<em>';
  const post = request.highlightPostTag ?? '</em>';
  const toHighlight = request.attributesToHighlight;
  const hits = candidates.slice(offset, offset + limit).map((candidate) => {
    const hit: Record<string, unknown> = pick(candidate.document, request.attributesToRetrieve);
    if (toHighlight && toHighlight.length > 0) {
      const formatted: Record<string, unknown> = { ...hit };
      for (const [field, value] of Object.entries(candidate.document)) {
        if (typeof value === 'string' && (toHighlight.includes('*') || toHighlight.includes(field))) formatted[field] = highlight(state, value, words, pre, post);
      }
      hit._formatted = formatted;
    }
    if (request.showRankingScore) hit._rankingScore = candidate.score;
    return hit;
  });
  const common = { hits, query: q, processingTimeMs: Date.now() - started };
  if (paged) return { ...common, hitsPerPage, page, totalPages: Math.ceil(candidates.length / hitsPerPage), totalHits: candidates.length };
  return { ...common, limit, offset, estimatedTotalHits: candidates.length };
}
