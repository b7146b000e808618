import type { Engine, Task } from './engine.js';
import { addDocuments, defaultSettings, deleteByFilter, deleteByIds, listDocuments, newIndex, type Document, type DocumentsQuery } from './index-state.js';
import { MeiliError } from './meili-error.js';
import { search, type SearchRequest } from './search.js';

export interface DoubleRequest {
  method: string;
  segments: string[];
  query: URLSearchParams;
  body: unknown;
}

export interface DoubleResponse {
  status: number;
  body?: unknown;
}

const ok = (body: unknown): DoubleResponse => ({ status: 200, body });
const accepted = (body: unknown): DoubleResponse => ({ status: 202, body });
const camel = (kebab: string) => kebab.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase());
const numberParam = (query: URLSearchParams, name: string) => (query.has(name) ? Number(query.get(name)) : undefined);
const listParam = (query: URLSearchParams, name: string) => query.get(name)?.split(',').filter(Boolean);

function indexView(state: { uid: string; primaryKey: string | null; createdAt: string; updatedAt: string }) {
  return { uid: state.uid, primaryKey: state.primaryKey, createdAt: state.createdAt, updatedAt: state.updatedAt };
}

function tasksList(engine: Engine, query: URLSearchParams) {
  const statuses = listParam(query, 'statuses');
  const indexUids = listParam(query, 'indexUids');
  const types = listParam(query, 'types');
  const uids = listParam(query, 'uids')?.map(Number);
  const limit = numberParam(query, 'limit') ?? 20;
  const matching = [...engine.tasks]
    .reverse()
    .filter((task: Task) => (!statuses || statuses.includes(task.status)) && (!types || types.includes(task.type)))
    .filter((task) => (!indexUids || indexUids.includes(task.indexUid ?? '')) && (!uids || uids.includes(task.uid)));
  return { results: matching.slice(0, limit), total: matching.length, limit, from: matching[0]?.uid ?? null, next: null };
}

function indexRoutes(engine: Engine, uid: string, rest: string[], request: DoubleRequest): DoubleResponse {
  const { method, query, body } = request;
  const [resource, sub] = rest;
  if (resource === undefined) {
    if (method === 'GET') return ok(indexView(engine.index(uid)));
    if (method === 'DELETE') {
      engine.index(uid);
      return accepted(engine.enqueue('indexDeletion', uid, { deletedDocuments: null }, () => {
        const deletedDocuments = engine.index(uid).documents.size;
        engine.indexes.delete(uid);
        return { deletedDocuments };
      }));
    }
    if (method === 'PATCH') {
      const { primaryKey } = (body ?? {}) as { primaryKey?: string };
      return accepted(engine.enqueue('indexUpdate', uid, { primaryKey }, () => {
        const state = engine.index(uid);
        if (primaryKey && state.documents.size > 0 && state.primaryKey !== primaryKey) throw new MeiliError(400, 'index_primary_key_already_exists', 'Index already has a primary key');
        if (primaryKey) state.primaryKey = primaryKey;
      }));
    }
  }
  if (resource === 'stats' && method === 'GET') {
    const state = engine.index(uid);
    return ok({ numberOfDocuments: state.documents.size, isIndexing: false, fieldDistribution: {} });
  }
  if (resource === 'search') {
    const params = (method === 'GET' ? Object.fromEntries(query) : body ?? {}) as SearchRequest;
    return ok(search(engine.index(uid), params));
  }
  if (resource === 'settings') {
    const key = sub ? camel(sub) : null;
    if (method === 'GET') {
      const settings = engine.index(uid).settings;
      return ok(key ? settings[key] : settings);
    }
    const changes = (method === 'DELETE' ? (key ? { [key]: defaultSettings()[key] } : defaultSettings()) : key ? { [key]: body } : body) as Record<string, unknown>;
    return accepted(engine.enqueue('settingsUpdate', uid, changes, () => {
      const state = engine.indexOrCreate(uid, null);
      for (const [name, value] of Object.entries(changes)) {
        state.settings[name] = value && typeof value === 'object' && !Array.isArray(value) ? { ...(state.settings[name] as object), ...value } : value;
      }
    }));
  }
  if (resource === 'documents') {
    if (sub === 'fetch' && method === 'POST') return ok(listDocuments(engine.index(uid), (body ?? {}) as DocumentsQuery));
    if (sub === 'delete-batch' && method === 'POST') {
      const ids = body as Array<string | number>;
      return accepted(engine.enqueue('documentDeletion', uid, { providedIds: ids.length }, () => ({ deletedDocuments: deleteByIds(engine.index(uid), ids) })));
    }
    if (sub === 'delete' && method === 'POST') {
      const { filter } = (body ?? {}) as { filter?: string };
      return accepted(engine.enqueue('documentDeletion', uid, { originalFilter: JSON.stringify(filter) }, () => ({ deletedDocuments: deleteByFilter(engine.index(uid), filter ?? '') })));
    }
    if (sub !== undefined) {
      if (method === 'GET') {
        const document = engine.index(uid).documents.get(decodeURIComponent(sub));
        if (!document) throw new MeiliError(404, 'document_not_found', `Document \`${sub}\` not found.`);
        return ok(document);
      }
      if (method === 'DELETE') return accepted(engine.enqueue('documentDeletion', uid, { providedIds: 1 }, () => ({ deletedDocuments: deleteByIds(engine.index(uid), [decodeURIComponent(sub)]) })));
    }
    if (method === 'GET') {
      return ok(listDocuments(engine.index(uid), { offset: numberParam(query, 'offset'), limit: numberParam(query, 'limit'), fields: listParam(query, 'fields'), filter: query.get('filter') ?? undefined }));
    }
    if (method === 'POST' || method === 'PUT') {
      const documents = (Array.isArray(body) ? body : [body]) as Document[];
      const primaryKey = query.get('primaryKey');
      return accepted(engine.enqueue('documentAdditionOrUpdate', uid, { receivedDocuments: documents.length }, () => ({
        indexedDocuments: addDocuments(engine.indexOrCreate(uid, primaryKey), documents, primaryKey, method === 'PUT'),
      })));
    }
    if (method === 'DELETE') return accepted(engine.enqueue('documentDeletion', uid, {}, () => ({ deletedDocuments: deleteByIds(engine.index(uid), [...engine.index(uid).documents.keys()]) })));
  }
  throw new MeiliError(404, 'not_found', `Not found: ${method} /indexes/${uid}/${rest.join('/')}`);
}

/** The Meilisearch REST routes the `meilisearch` client calls, answered from the engine. */
export function route(engine: Engine, request: DoubleRequest): DoubleResponse {
  const { method, segments, query, body } = request;
  const [root, id, ...rest] = segments;
  if (root === 'health' && method === 'GET') return ok({ status: 'available' });
  if (root === 'version' && method === 'GET') return ok({ commitSha: 'meili-double', commitDate: '2025-01-01T00:00:00Z', pkgVersion: '1.12.0' });
  if (root === 'tasks' && method === 'GET') return ok(id === undefined ? tasksList(engine, query) : engine.task(Number(id)));
  if (root === 'multi-search' && method === 'POST') {
    const { queries } = body as { queries: Array<SearchRequest & { indexUid: string }> };
    return ok({ results: queries.map(({ indexUid, ...params }) => ({ indexUid, ...search(engine.index(indexUid), params) })) });
  }
  if (root === 'indexes' && id === undefined) {
    if (method === 'GET') {
      const all = [...engine.indexes.values()].map(indexView);
      const offset = numberParam(query, 'offset') ?? 0;
      const limit = numberParam(query, 'limit') ?? 20;
      return ok({ results: all.slice(offset, offset + limit), offset, limit, total: all.length });
    }
    if (method === 'POST') {
      const { uid, primaryKey = null } = body as { uid: string; primaryKey?: string | null };
      return accepted(engine.enqueue('indexCreation', uid, { primaryKey }, () => {
        if (engine.indexes.has(uid)) throw new MeiliError(409, 'index_already_exists', `Index \`${uid}\` already exists.`);
        engine.indexes.set(uid, newIndex(uid, primaryKey));
      }));
    }
  }
  if (root === 'indexes' && id !== undefined) return indexRoutes(engine, decodeURIComponent(id), rest, request);
  throw new MeiliError(404, 'not_found', `Not found: ${method} /${segments.join('/')}`);
}
