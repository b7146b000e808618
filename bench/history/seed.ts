import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { hashPassword } from '../../core/auth/passwords.js';
import { createFtsSearchIndex } from '../../core/search/sqlite/fts-search-index.js';
import { createSqliteStore } from '../../core/store/sqlite/sqlite-store.js';
import { benchPassword } from '../lib/server.js';
import { createTextGenerator } from './seed-text.js';

export interface HistorySizes {
  users: number;
  conversationsPerUser: number;
  messagesPerUser: number;
  /** Every user's first conversation has this many messages; the rest share what is left. */
  bigConversationMessages: number;
}

export interface SeededUser {
  email: string;
  id: string;
  bigConversationId: string;
}

export interface SeedManifest {
  sizes: HistorySizes;
  users: SeededUser[];
  conversations: number;
  messages: number;
  seedMs: number;
}

const NO_PARENT = '00000000-0000-0000-0000-000000000000';
const DAY = 86_400_000;
const MESSAGE_SPACING_MS = 45_000;
const BATCH = 50_000;

interface ConversationPlan {
  userId: string;
  id: string;
  count: number;
  createdAt: number;
  lastMessageId: string;
}

/** Splits a user's messages: the big conversation first, then the rest as evenly as they go. */
function messageCounts(sizes: HistorySizes): number[] {
  const rest = sizes.messagesPerUser - sizes.bigConversationMessages;
  const others = sizes.conversationsPerUser - 1;
  return [sizes.bigConversationMessages, ...Array.from({ length: others }, (_, index) => Math.floor(rest / others) + (index < rest % others ? 1 : 0))];
}

const quietLogger = { debug() {}, info() {}, warn() {}, error() {} };

/**
 * Writes users, conversations and messages straight into SQLite with prepared statements in large
 * transactions. The store is opened first (createSqliteStore) so every migration has run and the
 * rows land in the real schema. The triggers on messages and conversations (full-text index, search
 * outbox) are set aside during the bulk load and put back as they were; the full-text index is then
 * built by the search backend's own reindex, which writes what the triggers would have: one rebuild
 * is about ten times faster than a million trigger runs. Messages are written round by round across every conversation of every user, the
 * way time interleaves them in a live database, so one conversation's rows are spread over the file
 * instead of sitting on neighbouring pages.
 */
export async function seedHistory(dataDir: string, sizes: HistorySizes, log: (line: string) => void): Promise<SeedManifest> {
  const started = performance.now();
  mkdirSync(dataDir, { recursive: true });
  const store = createSqliteStore({ filename: join(dataDir, 'chatbox.sqlite') });
  const { database } = store;
  // A throwaway seed: no durability needed while loading, and a large cache keeps the FTS merges in memory.
  database.pragma('synchronous = OFF');
  database.pragma('cache_size = -262144');
  const text = createTextGenerator(20_240_601);
  const now = Date.now();

  const triggers = database
    .prepare<[], { name: string; sql: string }>("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name IN ('messages', 'conversations')")
    .all();
  for (const trigger of triggers) database.exec(`DROP TRIGGER ${trigger.name}`);

  const passwordHash = await hashPassword(benchPassword);
  const users: SeededUser[] = [];
  const conversations: ConversationPlan[] = [];
  const counts = messageCounts(sizes);
  const insertConversation = database.prepare(
    'INSERT INTO conversations (user_id, conversation_id, title, options, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const options = JSON.stringify({ endpoint: 'openAI', endpointType: null, model: 'gpt-4o-mini' });
  for (let index = 0; index < sizes.users; index += 1) {
    const email = `history-${index}@bench.example.com`;
    const user = await store.users.create({ name: `History ${index}`, username: `history${index}`, email, provider: 'local', passwordHash });
    store.transaction(() => {
      counts.forEach((count, position) => {
        const createdAt = Math.floor(now - 365 * DAY + text.random() * 364 * DAY);
        const plan = { userId: user.id, id: randomUUID(), count, createdAt, lastMessageId: NO_PARENT };
        const title = text.message(3, 6).slice(0, -1);
        insertConversation.run(user.id, plan.id, title, options, createdAt, createdAt + (count - 1) * MESSAGE_SPACING_MS);
        conversations.push(plan);
        if (position === 0) users.push({ email, id: user.id, bigConversationId: plan.id });
      });
    });
  }
  log(`seeded ${users.length} users and ${conversations.length} conversations`);

  const insertMessage = database.prepare(
    'INSERT INTO messages (user_id, message_id, conversation_id, parent_message_id, sender, text, is_created_by_user, error, unfinished, extra, created_at, updated_at) ' +
      'VALUES (?, ?, ?, ?, ?, ?, ?, 0, 0, ?, ?, ?)',
  );
  const userExtra = JSON.stringify({ endpoint: 'openAI', model: 'gpt-4o-mini', tokenCount: 20 });
  const replyExtra = JSON.stringify({ endpoint: 'openAI', model: 'gpt-4o-mini', finish_reason: 'stop', tokenCount: 60 });
  let written = 0;
  let pending = 0;
  database.exec('BEGIN');
  let active = conversations;
  for (let round = 0; round < sizes.bigConversationMessages; round += 1) {
    for (const plan of active) {
      const fromUser = round % 2 === 0;
      const id = randomUUID();
      const at = plan.createdAt + round * MESSAGE_SPACING_MS;
      const body = fromUser ? text.message(4, 30) : text.message(10, 90);
      insertMessage.run(plan.userId, id, plan.id, plan.lastMessageId, fromUser ? 'User' : 'ChatGPT', body, fromUser ? 1 : 0, fromUser ? userExtra : replyExtra, at, at);
      plan.lastMessageId = id;
      written += 1;
      if ((pending += 1) === BATCH) {
        database.exec('COMMIT; BEGIN');
        pending = 0;
        if (written % 200_000 === 0) log(`seeded ${written} messages`);
      }
    }
    active = active.filter((plan) => plan.count > round + 1);
  }
  database.exec('COMMIT');
  for (const trigger of triggers) database.exec(trigger.sql);
  const indexed = await createFtsSearchIndex(store, quietLogger).reindex();
  log(`full-text index rebuilt: ${indexed.messages} messages, ${indexed.convos} conversations`);
  database.pragma('wal_checkpoint(TRUNCATE)');
  await store.close();
  return { sizes, users, conversations: conversations.length, messages: written, seedMs: performance.now() - started };
}
