import type { Collection, Db, Document, IndexDescription } from 'mongodb';

/** The collections of one chatbox database. Every document keeps the _id MongoDB gives it (an ObjectId, which orders by insertion); records are found by their own ids through unique indexes. */
export interface Collections {
  users: Collection;
  sessions: Collection;
  tokens: Collection;
  conversations: Collection;
  messages: Collection;
  presets: Collection;
  keys: Collection;
  /** Tool credentials entered in the plugin store (see plugin-auths.ts). */
  pluginAuths: Collection;
  /** Assistants (see assistants.ts). */
  assistants: Collection;
  balances: Collection;
  transactions: Collection;
  bans: Collection;
  violations: Collection;
  files: Collection;
  /** The built-in document index: each document's extracted text, and its chunks (see document-chunks.ts). */
  documentTexts: Collection;
  documentChunks: Collection;
  /** Pending changes for Meilisearch (see search-outbox.ts). */
  searchOutbox: Collection;
  /** One document: whether the outbox records changes. */
  searchOutboxState: Collection;
  /** Shared links with their snapshots (see shares.ts). */
  shares: Collection;
  /** OpenAPI actions of assistants (see actions.ts). */
  actions: Collection;
}

/**
 * The indexes each query needs, created at start (createIndexes is a no-op for an index that
 * exists). Expiry is a query condition (`expiresAt <= now`), never a TTL index: a TTL monitor deletes
 * up to a minute late, and the store's answer must not depend on when it last ran.
 */
const indexes: Record<keyof Collections, IndexDescription[]> = {
  users: [
    { key: { id: 1 }, unique: true },
    // The lower-cased email: an index collation would also work, but a stored key folds exactly what JavaScript folds.
    { key: { emailKey: 1 }, unique: true },
    { key: { provider: 1, providerId: 1 }, unique: true, partialFilterExpression: { providerId: { $type: 'string' } } },
    { key: { createdAt: 1 } },
  ],
  sessions: [{ key: { id: 1 }, unique: true }, { key: { tokenHash: 1 }, unique: true }, { key: { familyId: 1 } }, { key: { userId: 1 } }, { key: { expiresAt: 1 } }],
  tokens: [{ key: { userId: 1, purpose: 1 }, unique: true }, { key: { expiresAt: 1 } }],
  conversations: [{ key: { user: 1, conversationId: 1 }, unique: true }, { key: { user: 1, updatedAt: -1 } }],
  messages: [{ key: { user: 1, messageId: 1 }, unique: true }, { key: { user: 1, conversationId: 1, createdAt: 1 } }],
  presets: [
    { key: { user: 1, presetId: 1 }, unique: true },
    // At most one default preset per user, whatever the code above does (the SQLite schema has the same guard).
    { key: { user: 1, defaultPreset: 1 }, unique: true, partialFilterExpression: { defaultPreset: true } },
  ],
  keys: [{ key: { userId: 1, name: 1 }, unique: true }, { key: { expiresAt: 1 } }],
  pluginAuths: [{ key: { userId: 1, pluginKey: 1, authField: 1 }, unique: true }],
  assistants: [{ key: { user: 1, id: 1 }, unique: true }, { key: { user: 1, createdAt: 1, id: 1 } }],
  balances: [{ key: { userId: 1 }, unique: true }],
  transactions: [{ key: { id: 1 }, unique: true }, { key: { userId: 1, createdAt: -1 } }],
  bans: [{ key: { key: 1 }, unique: true }, { key: { expiresAt: 1 } }],
  violations: [{ key: { key: 1, type: 1 }, unique: true }],
  files: [{ key: { user: 1, file_id: 1 }, unique: true }, { key: { user: 1, createdAt: -1 } }],
  documentTexts: [{ key: { user: 1, file_id: 1 }, unique: true }],
  documentChunks: [{ key: { user: 1, file_id: 1, position: 1 }, unique: true }],
  searchOutbox: [{ key: { availableAt: 1, _id: 1 } }],
  searchOutboxState: [],
  actions: [{ key: { user: 1, action_id: 1 }, unique: true }, { key: { user: 1, assistant_id: 1, createdAt: 1 } }],
  shares: [{ key: { shareId: 1 }, unique: true }, { key: { userId: 1, conversationId: 1 }, unique: true }, { key: { userId: 1, createdAt: -1 } }],
};

export function openCollections(database: Db): Collections {
  const names = Object.keys(indexes) as Array<keyof Collections>;
  return Object.fromEntries(names.map((name) => [name, database.collection<Document>(name)])) as unknown as Collections;
}

export async function ensureIndexes(collections: Collections): Promise<void> {
  for (const [name, descriptions] of Object.entries(indexes)) {
    if (descriptions.length === 0) continue;
    await collections[name as keyof Collections].createIndexes(descriptions);
  }
}
