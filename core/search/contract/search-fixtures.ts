import { randomUUID } from 'node:crypto';
import type { SqliteStore } from '../../store/sqlite/index.js';
import type { Store } from '../../store/types.js';
import type { User } from '../../store/repositories/users.js';

const root = '00000000-0000-0000-0000-000000000000';

export interface SeededConversation {
  conversationId: string;
  messageIds: string[];
}

export interface ConversationSeed {
  title?: string;
  messages: string[];
  /** When the conversation (and its messages) were last written; default now. */
  at?: Date;
  conversationId?: string;
}

/**
 * Writes conversations with their messages through the store. On SQLite all of it runs inside one
 * transaction, synchronously (thousands of rows in well under a second); other drivers get the
 * writes in concurrent slices.
 */
export async function seedConversations(store: Store, user: User, seeds: ConversationSeed[]): Promise<SeededConversation[]> {
  const writes: Array<() => Promise<unknown>> = [];
  const seeded = seeds.map((seed) => {
    const conversationId = seed.conversationId ?? randomUUID();
    const at = seed.at ?? new Date();
    writes.push(() => store.conversations.upsert({ conversationId, user: user.id, title: seed.title ?? 'New Chat', endpoint: 'openAI', model: 'gpt-4o', createdAt: at, updatedAt: at }));
    let parentMessageId = root;
    const messageIds = seed.messages.map((text, index) => {
      const messageId = randomUUID();
      const message = {
        messageId, conversationId, user: user.id, parentMessageId, sender: index % 2 ? 'ChatGPT' : 'User', text,
        isCreatedByUser: index % 2 === 0, error: false, unfinished: false, createdAt: at, updatedAt: at,
      };
      writes.push(() => store.messages.upsert(message));
      parentMessageId = messageId;
      return messageId;
    });
    return { conversationId, messageIds };
  });
  const sqlite = store as Partial<SqliteStore>;
  if (sqlite.transaction) {
    // The SQLite repositories write synchronously before their promise settles, so this is one transaction.
    const pending = sqlite.transaction(() => writes.map((write) => write()));
    await Promise.all(pending);
  } else {
    // Independent records: a few in flight at a time keeps thousands of round trips quick.
    for (let start = 0; start < writes.length; start += 50) await Promise.all(writes.slice(start, start + 50).map((write) => write()));
  }
  return seeded;
}

export function createTestUser(store: Store, name: string): Promise<User> {
  const handle = `${name}-${randomUUID().slice(0, 8)}`;
  return store.users.create({ name, username: handle, email: `${handle}@example.com`, provider: 'local', passwordHash: 'hash' });
}

const fillerWords = ['river', 'window', 'garden', 'copper', 'lantern', 'meadow', 'orbit', 'pencil', 'harbor', 'violet', 'summit', 'thunder'];

/** Ordinary chat text that never contains the words a test searches for. */
export function fillerText(seed: number, words = 12): string {
  return Array.from({ length: words }, (_, index) => fillerWords[(seed * 7 + index * 3) % fillerWords.length]).join(' ');
}

export function minutesAgo(minutes: number): Date {
  return new Date(Date.now() - minutes * 60_000);
}
