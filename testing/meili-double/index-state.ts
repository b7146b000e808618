import { compileFilter, type Filter } from './filter.js';
import { MeiliError } from './meili-error.js';

export type Document = Record<string, unknown>;

export interface IndexState {
  uid: string;
  primaryKey: string | null;
  createdAt: string;
  updatedAt: string;
  /** By document id, in insertion order (the order of a placeholder search and of GET documents). */
  documents: Map<string, Document>;
  settings: Record<string, unknown>;
}

export function defaultSettings(): Record<string, unknown> {
  return {
    displayedAttributes: ['*'],
    searchableAttributes: ['*'],
    filterableAttributes: [],
    sortableAttributes: [],
    rankingRules: ['words', 'typo', 'proximity', 'attribute', 'sort', 'exactness'],
    stopWords: [],
    nonSeparatorTokens: [],
    separatorTokens: [],
    dictionary: [],
    synonyms: {},
    distinctAttribute: null,
    proximityPrecision: 'byWord',
    typoTolerance: { enabled: true, minWordSizeForTypos: { oneTypo: 5, twoTypos: 9 }, disableOnWords: [], disableOnAttributes: [] },
    faceting: { maxValuesPerFacet: 100, sortFacetValuesBy: { '*': 'alpha' } },
    pagination: { maxTotalHits: 1000 },
    searchCutoffMs: null,
  };
}

export function newIndex(uid: string, primaryKey: string | null): IndexState {
  const now = new Date().toISOString();
  return { uid, primaryKey, createdAt: now, updatedAt: now, documents: new Map(), settings: defaultSettings() };
}

const validId = /^[A-Za-z0-9_-]{1,511}$/;

function documentId(state: IndexState, document: Document): string {
  const value = document[state.primaryKey!];
  if (value === undefined || value === null) {
    throw new MeiliError(400, 'missing_document_id', `Document doesn't have a \`${state.primaryKey}\` attribute: \`${JSON.stringify(document)}\`.`);
  }
  if (!(typeof value === 'number' && Number.isInteger(value)) && !(typeof value === 'string' && validId.test(value))) {
    throw new MeiliError(400, 'invalid_document_id', `Document identifier \`${JSON.stringify(value)}\` is invalid. A document identifier can be of type integer or string, only composed of alphanumeric characters (a-z A-Z 0-9), hyphens (-) and underscores (_), and can not be more than 511 bytes.`);
  }
  return String(value);
}

/** Adds documents as one task: every id is checked first, so a bad one fails the batch and changes nothing. */
export function addDocuments(state: IndexState, documents: Document[], primaryKey: string | null, merge: boolean): number {
  if (!state.primaryKey) {
    state.primaryKey = primaryKey ?? Object.keys(documents[0] ?? {}).find((key) => /id$/i.test(key)) ?? null;
    if (!state.primaryKey) throw new MeiliError(400, 'index_primary_key_no_candidate_found', 'The primary key inference failed as the engine did not find any field ending with `id` in its name.');
  } else if (primaryKey && primaryKey !== state.primaryKey) {
    throw new MeiliError(400, 'index_primary_key_already_exists', `Index \`${state.uid}\`: Index already has a primary key: \`${state.primaryKey}\`.`);
  }
  const keyed = documents.map((document) => [documentId(state, document), document] as const);
  for (const [id, document] of keyed) {
    const existing = state.documents.get(id);
    state.documents.set(id, merge && existing ? { ...existing, ...document } : { ...document });
  }
  state.updatedAt = new Date().toISOString();
  return keyed.length;
}

export function deleteByIds(state: IndexState, ids: Array<string | number>): number {
  let deleted = 0;
  for (const id of ids) if (state.documents.delete(String(id))) deleted++;
  return deleted;
}

export function deleteByFilter(state: IndexState, filter: Filter): number {
  const predicate = compileFilter(filter, state.settings.filterableAttributes as string[], 'invalid_document_filter');
  let deleted = 0;
  for (const [id, document] of state.documents) {
    if (predicate(document)) {
      state.documents.delete(id);
      deleted++;
    }
  }
  return deleted;
}

export interface DocumentsQuery {
  offset?: number;
  limit?: number;
  fields?: string[] | string;
  filter?: Filter;
  ids?: Array<string | number>;
}

export function listDocuments(state: IndexState, query: DocumentsQuery): { results: Document[]; offset: number; limit: number; total: number } {
  const predicate = compileFilter(query.filter, state.settings.filterableAttributes as string[], 'invalid_document_filter');
  const ids = query.ids?.map(String);
  const matching = [...state.documents.entries()].filter(([id, document]) => (!ids || ids.includes(id)) && predicate(document)).map(([, document]) => document);
  const offset = Number(query.offset ?? 0);
  const limit = Number(query.limit ?? 20);
  const fields = typeof query.fields === 'string' ? query.fields.split(',') : query.fields;
  const project = (document: Document) =>
    !fields || fields.includes('*') ? document : Object.fromEntries(fields.filter((field) => field in document).map((field) => [field, document[field]]));
  return { results: matching.slice(offset, offset + limit).map(project), offset, limit, total: matching.length };
}
