import { MeilisearchApiError, MeilisearchRequestError, Meilisearch, type EnqueuedTask, type EnqueuedTaskPromise, type Index, type Settings } from 'meilisearch';
import type { SearchIndexName } from '../../store/repositories/search-outbox.js';
import { primaryKeys } from './meili-documents.js';
import type { MeiliSearchOptions } from './meili-options.js';

const rankingRules = ['words', 'typo', 'proximity', 'attribute', 'sort', 'exactness', 'updatedAt:desc'];

/**
 * The settings each index needs: `user` filterable (every query is filtered by it inside Meilisearch),
 * the ids filterable for the scoped deletes and the drift check, relevance first and then recency.
 */
const indexSettings: Record<SearchIndexName, Settings> = {
  messages: {
    searchableAttributes: ['text'],
    filterableAttributes: ['user', 'conversationId', 'messageId'],
    sortableAttributes: ['updatedAt'],
    rankingRules,
    typoTolerance: { enabled: true },
  },
  convos: {
    searchableAttributes: ['title'],
    filterableAttributes: ['user', 'conversationId'],
    sortableAttributes: ['updatedAt'],
    rankingRules,
    typoTolerance: { enabled: true },
  },
  // Passages rank by relevance alone; the ranker's search (core/search/documents) filters by owner and file.
  document_chunks: {
    searchableAttributes: ['text'],
    filterableAttributes: ['user', 'file_id'],
    rankingRules: ['words', 'typo', 'proximity', 'attribute', 'exactness'],
  },
};

export interface MeiliConnection {
  client: Meilisearch;
  index(name: SearchIndexName): Index;
  /** Waits for an enqueued task and throws when Meilisearch failed it. */
  settle(task: EnqueuedTaskPromise | EnqueuedTask): Promise<void>;
  /** Creates missing indexes and brings their settings up to date; remembered once it succeeded. */
  ensureIndexes(): Promise<void>;
}

export function connectMeili(options: MeiliSearchOptions): MeiliConnection {
  const client = new Meilisearch({ host: options.host, apiKey: options.apiKey, timeout: options.requestTimeoutMs });
  const index = (name: SearchIndexName) => client.index(options.indexPrefix + name);
  let ready: Promise<void> | null = null;

  const settle = async (task: EnqueuedTaskPromise | EnqueuedTask): Promise<void> => {
    const done = await client.tasks.waitForTask(await task, { timeout: options.taskTimeoutMs, interval: 50 });
    if (done.status !== 'succeeded') throw new Error(`Meilisearch task ${done.uid} (${done.type}) ${done.status}: ${done.error?.message ?? 'no reason given'}`);
  };

  const ensureIndex = async (name: SearchIndexName): Promise<void> => {
    const uid = options.indexPrefix + name;
    try {
      await client.getRawIndex(uid);
    } catch (error) {
      if (!(error instanceof MeilisearchApiError) || error.cause?.code !== 'index_not_found') throw error;
      await settle(client.createIndex(uid, { primaryKey: primaryKeys[name] }));
    }
    const wanted = indexSettings[name];
    const current = await index(name).getSettings();
    const differs = (Object.keys(wanted) as Array<keyof Settings>).some((key) => !sameSetting(current[key], wanted[key], setLike.has(key)));
    // Changing settings makes Meilisearch re-index; only do it when something is actually different.
    if (differs) await settle(index(name).updateSettings(wanted));
  };

  return {
    client,
    index,
    settle,
    ensureIndexes() {
      ready ??= Promise.all([ensureIndex('convos'), ensureIndex('messages'), ensureIndex('document_chunks')]).then(
        () => undefined,
        (error: unknown) => {
          ready = null;
          throw error;
        },
      );
      return ready;
    },
  };
}

/** Settings whose order means nothing (Meilisearch may answer them sorted); ranking rules and searchable attributes are ordered. */
const setLike = new Set<keyof Settings>(['filterableAttributes', 'sortableAttributes']);

/** Whether the server already has the value we want; objects compare by the keys we set. */
function sameSetting(current: unknown, wanted: unknown, unordered = false): boolean {
  if (Array.isArray(wanted)) {
    if (!Array.isArray(current) || wanted.length !== current.length) return false;
    return unordered ? wanted.every((item) => current.includes(item)) : wanted.every((item, index) => current[index] === item);
  }
  if (wanted && typeof wanted === 'object') {
    const currentObject = (current ?? {}) as Record<string, unknown>;
    return Object.entries(wanted).every(([key, value]) => sameSetting(currentObject[key], value));
  }
  return current === wanted;
}

/** Whether an error means Meilisearch cannot be reached or is failing, rather than a bad request of ours. */
export function isUnreachable(error: unknown): boolean {
  if (error instanceof MeilisearchRequestError) return true;
  return error instanceof MeilisearchApiError && (error.response.status >= 500 || error.response.status === 429);
}
