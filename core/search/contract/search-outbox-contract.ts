import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fileInput } from '../../store/conformance/context.js';
import type { Store } from '../../store/types.js';
import type { SearchIndexName, SearchOutboxEntry } from '../../store/repositories/search-outbox.js';
import type { User } from '../../store/repositories/users.js';
import { createTestUser, seedConversations } from './search-fixtures.js';

/** Whether some entry records a change to the document: itself, its conversation's messages, or its user. */
function covers(entries: SearchOutboxEntry[], index: SearchIndexName, userId: string, documentId: string, conversationId?: string): boolean {
  return entries.some(
    (entry) =>
      entry.index === index &&
      entry.userId === userId &&
      ((entry.kind === 'document' && entry.documentId === documentId) ||
        (entry.kind === 'conversation' && entry.documentId === conversationId) ||
        entry.kind === 'user'),
  );
}

const backoff = { baseMs: 1_000, maxMs: 60_000 };

/**
 * The SearchOutboxRepository contract, for every store driver: a driver's test file calls it with a
 * factory returning a fresh, empty store. The SQLite driver runs it in search-outbox.test.ts.
 */
export function describeSearchOutboxContract(driverName: string, makeStore: () => Promise<Store>): void {
  describe(`search outbox contract: ${driverName}`, () => {
    let store: Store;
    let user: User;
    beforeEach(async () => {
      store = await makeStore();
      user = await createTestUser(store, 'ada');
    });
    afterEach(async () => store.close());

    const drain = async () => {
      const entries = await store.searchOutbox.claim(10_000, new Date(), 60_000);
      await store.searchOutbox.ack(entries.map((entry) => entry.id));
      return entries;
    };

    it('records nothing while disabled, which is how it starts', async () => {
      expect(await store.searchOutbox.isEnabled()).toBe(false);
      await seedConversations(store, user, [{ messages: ['hello'] }]);
      await store.searchOutbox.append([{ index: 'messages', kind: 'document', userId: user.id, documentId: 'm1' }]);
      expect(await store.searchOutbox.count()).toBe(0);
    });

    it('records every message and conversation write while enabled: upsert, update, delete and the user cascade', async () => {
      await store.searchOutbox.setEnabled(true);
      const [first, second] = await seedConversations(store, user, [{ messages: ['one', 'two'] }, { messages: ['three'] }]);
      let entries = await drain();
      for (const messageId of [...first.messageIds, ...second.messageIds]) expect(covers(entries, 'messages', user.id, messageId)).toBe(true);
      expect(covers(entries, 'convos', user.id, first.conversationId)).toBe(true);

      await store.messages.update(user.id, first.messageIds[0], { text: 'edited' });
      await store.conversations.update(user.id, second.conversationId, { title: 'Renamed' });
      entries = await drain();
      expect(covers(entries, 'messages', user.id, first.messageIds[0])).toBe(true);
      expect(covers(entries, 'convos', user.id, second.conversationId)).toBe(true);

      await store.conversations.delete(user.id, [first.conversationId]);
      entries = await drain();
      expect(covers(entries, 'convos', user.id, first.conversationId)).toBe(true);
      for (const messageId of first.messageIds) expect(covers(entries, 'messages', user.id, messageId, first.conversationId)).toBe(true);

      await store.users.delete(user.id);
      entries = await drain();
      expect(covers(entries, 'convos', user.id, second.conversationId)).toBe(true);
      expect(covers(entries, 'messages', user.id, second.messageIds[0], second.conversationId)).toBe(true);
    });

    it("records every write of a document's passages (replace, remove, file delete, the user cascade), and reads a document whole", async () => {
      const upload = async (text: string, chunks: string[]) => {
        const file = await store.files.upsert(fileInput(user.id, { filename: 'notes.md' }));
        await store.documentChunks.replace({ userId: user.id, fileId: file.file_id, fileName: 'notes.md', text, chunks });
        return file.file_id;
      };
      const before = await upload('Written before Meilisearch.', ['Written before Meilisearch.']);
      expect(await store.searchOutbox.count()).toBe(0);
      await store.searchOutbox.setEnabled(true);

      const removed = await upload('Walruses sleep. Walruses dive.', ['Walruses sleep.', 'Walruses dive.']);
      const deleted = await upload('Seals bark.', ['Seals bark.']);
      let entries = await drain();
      for (const fileId of [removed, deleted]) expect(covers(entries, 'document_chunks', user.id, fileId)).toBe(true);
      expect(covers(entries, 'document_chunks', user.id, before)).toBe(false);
      expect(await store.documentChunks.read(user.id, removed)).toEqual({ userId: user.id, fileId: removed, fileName: 'notes.md', text: 'Walruses sleep. Walruses dive.', chunks: ['Walruses sleep.', 'Walruses dive.'] });
      const stranger = await createTestUser(store, 'eve');
      expect(await store.documentChunks.read(stranger.id, removed)).toBeNull();

      await store.documentChunks.remove(user.id, [removed]);
      expect(covers(await drain(), 'document_chunks', user.id, removed)).toBe(true);
      expect(await store.documentChunks.read(user.id, removed)).toBeNull();
      await store.files.delete(user.id, [deleted]);
      expect(covers(await drain(), 'document_chunks', user.id, deleted)).toBe(true);
      // A file without passages changes nothing in the passage index.
      await store.files.delete(user.id, [(await store.files.upsert(fileInput(user.id))).file_id]);
      expect((await drain()).filter((entry) => entry.index === 'document_chunks')).toEqual([]);

      await store.users.delete(user.id);
      expect(covers(await drain(), 'document_chunks', user.id, before)).toBe(true);
    });

    it('claims the oldest due entries, leases them, and hands a claimed entry to no one else', async () => {
      await store.searchOutbox.setEnabled(true);
      await store.searchOutbox.append(['a', 'b', 'c', 'd', 'e'].map((documentId) => ({ index: 'messages', kind: 'document', userId: user.id, documentId })));
      const now = new Date();
      const [one, two] = await Promise.all([store.searchOutbox.claim(2, now, 60_000), store.searchOutbox.claim(2, now, 60_000)]);
      const claimed = [...one, ...two].map((entry) => entry.documentId);
      expect(new Set(claimed).size).toBe(4);
      expect(one.map((entry) => entry.documentId)).toEqual(one[0].documentId === 'a' ? ['a', 'b'] : ['c', 'd']);
      expect(one[0]).toMatchObject({ index: 'messages', kind: 'document', userId: user.id, attempts: 0, lastError: null });
      expect((await store.searchOutbox.claim(10, now, 60_000)).map((entry) => entry.documentId)).toEqual(['e']);
      // A worker that died: after the lease the entries are due again.
      expect(await store.searchOutbox.claim(10, new Date(now.getTime() + 59_000), 60_000)).toEqual([]);
      expect(await store.searchOutbox.claim(10, new Date(now.getTime() + 61_000), 60_000)).toHaveLength(5);
    });

    it('removes acked entries and backs failed ones off exponentially, each by its own attempts', async () => {
      await store.searchOutbox.setEnabled(true);
      await store.searchOutbox.append([{ index: 'convos', kind: 'document', userId: user.id, documentId: 'c1' }, { index: 'convos', kind: 'user', userId: user.id, documentId: user.id }]);
      const start = new Date();
      const [first, second] = await store.searchOutbox.claim(10, start, 1_000);
      await store.searchOutbox.ack([second.id]);
      await store.searchOutbox.fail([first.id], 'Meilisearch unreachable', start, backoff);
      expect(await store.searchOutbox.count()).toBe(1);
      expect(await store.searchOutbox.claim(10, new Date(start.getTime() + 999), 1_000)).toEqual([]);
      const [retried] = await store.searchOutbox.claim(10, new Date(start.getTime() + 1_000), 1_000);
      expect(retried).toMatchObject({ documentId: 'c1', attempts: 1, lastError: 'Meilisearch unreachable' });

      const later = new Date(start.getTime() + 5_000);
      await store.searchOutbox.fail([retried.id], 'still down', later, backoff);
      expect(await store.searchOutbox.claim(10, new Date(later.getTime() + 1_999), 1_000)).toEqual([]);
      expect((await store.searchOutbox.claim(10, new Date(later.getTime() + 2_000), 1_000))[0]).toMatchObject({ attempts: 2, lastError: 'still down' });
    });

    it('drops pending entries when disabled', async () => {
      await store.searchOutbox.setEnabled(true);
      await seedConversations(store, user, [{ messages: ['one'] }]);
      expect(await store.searchOutbox.count()).toBeGreaterThan(0);
      await store.searchOutbox.setEnabled(false);
      expect(await store.searchOutbox.count()).toBe(0);
    });

    it('scans every record of an index across users in batches, each once', async () => {
      const other = await createTestUser(store, 'bob');
      const mine = await seedConversations(store, user, [{ messages: ['a', 'b', 'c'] }, { messages: ['d', 'e'] }]);
      const seeded = [...mine, ...(await seedConversations(store, other, [{ messages: ['f', 'g'] }]))];
      const seen: string[] = [];
      let cursor: string | null = null;
      let batches = 0;
      do {
        const batch: { records: Array<{ messageId: string; user: string }>; cursor: string | null } = await store.searchOutbox.scan('messages', cursor, 3);
        seen.push(...batch.records.map((message) => `${message.user}/${message.messageId}`));
        cursor = batch.cursor;
        batches += 1;
      } while (cursor !== null && batches < 10);
      expect(seen.sort()).toEqual(seeded.flatMap((conversation, index) => conversation.messageIds.map((id) => `${index < 2 ? user.id : other.id}/${id}`)).sort());
      const convos = await store.searchOutbox.scan('convos', null, 10);
      expect(convos.records.map((conversation) => conversation.conversationId).sort()).toEqual(seeded.map((conversation) => conversation.conversationId).sort());
      expect(convos.cursor).toBeNull();
    });
  });
}
