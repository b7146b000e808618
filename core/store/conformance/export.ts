import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ExportBatch } from '../repositories/common.js';
import { type ContractContext, conversationInput, fileInput, messageInput, minutesFrom, presetInput } from './context.js';

/** Reads an export to the end (from the start or after `from`), `limit` at a time, checking that only the last batch comes back short. */
async function readAll<T>(read: (after: string | null, limit: number) => Promise<ExportBatch<T>>, limit: number, from: string | null = null): Promise<T[]> {
  const items: T[] = [];
  let after: string | null = from;
  for (;;) {
    const batch: ExportBatch<T> = await read(after, limit);
    items.push(...batch.items);
    if (batch.next === null) return items;
    expect(batch.items).toHaveLength(limit);
    after = batch.next;
  }
}

export function describeExportContract(context: ContractContext): void {
  const now = new Date();

  describe('export batches', () => {
    it('is empty on an empty store', async () => {
      expect(await context.store.users.exportBatch(null, 10)).toEqual({ items: [], next: null });
      expect(await context.store.balances.exportTransactions(null, 10)).toEqual({ items: [], next: null });
      expect(await context.store.documentChunks.exportBatch(null, 10)).toEqual({ items: [], next: null });
    });

    it('reads every record of every user in insertion order, a batch at a time', async () => {
      const store = context.store;
      const users = [await context.createUser(), await context.createUser(), await context.createUser()];
      const conversations = [];
      const messages = [];
      for (const user of users) {
        const conversation = await store.conversations.upsert(conversationInput(user.id));
        conversations.push(conversation);
        for (let index = 0; index < 2; index++) messages.push(await store.messages.upsert(messageInput(user.id, conversation.conversationId, { text: `m${index}` })));
        await store.sessions.create({ id: randomUUID(), userId: user.id, familyId: randomUUID(), tokenHash: randomUUID(), expiresAt: minutesFrom(now, 60) });
        await store.tokens.put({ userId: user.id, purpose: 'password-reset', tokenHash: `t-${user.id}`, expiresAt: minutesFrom(now, 15) });
        await store.presets.upsert(presetInput(user.id, { defaultPreset: true }));
        await store.keys.upsert({ userId: user.id, name: 'openAI', value: `cipher-${user.id}`, expiresAt: null });
        await store.balances.record({ userId: user.id, conversationId: null, tokenType: 'credits', model: null, context: 'admin', rawAmount: 10, rate: 1, tokenValue: 10 });
        await store.bans.put({ key: `user:${user.id}`, reason: 'logins', expiresAt: minutesFrom(now, -1) });
        await store.files.upsert(fileInput(user.id));
      }

      expect(await readAll((after, limit) => store.users.exportBatch(after, limit), 2)).toEqual(users);
      expect(await readAll((after, limit) => store.conversations.exportBatch(after, limit), 2)).toEqual(conversations);
      expect(await readAll((after, limit) => store.messages.exportBatch(after, limit), 4)).toEqual(messages);
      expect(await readAll((after, limit) => store.messages.exportBatch(after, limit), 6)).toEqual(messages);
      const sessions = await readAll((after, limit) => store.sessions.exportBatch(after, limit), 2);
      expect(sessions.map((session) => session.userId)).toEqual(users.map((user) => user.id));
      expect(await store.sessions.findByTokenHash(sessions[0].tokenHash)).toEqual(sessions[0]);
      expect((await readAll((after, limit) => store.tokens.exportBatch(after, limit), 2)).map((token) => token.tokenHash)).toEqual(users.map((user) => `t-${user.id}`));
      const presets = await readAll((after, limit) => store.presets.exportBatch(after, limit), 2);
      expect(presets.map((preset) => preset.user)).toEqual(users.map((user) => user.id));
      expect(await store.presets.find(users[0].id, presets[0].presetId)).toEqual(presets[0]);
      expect((await readAll((after, limit) => store.keys.exportBatch(after, limit), 2)).map((key) => key.value)).toEqual(users.map((user) => `cipher-${user.id}`));
      expect(await readAll((after, limit) => store.balances.exportBatch(after, limit), 2)).toEqual(users.map((user) => ({ userId: user.id, balance: 10 })));
      const transactions = await readAll((after, limit) => store.balances.exportTransactions(after, limit), 2);
      expect(transactions.map((transaction) => transaction.userId)).toEqual(users.map((user) => user.id));
      expect((await store.balances.listTransactions(users[1].id, { offset: 0, limit: 5 }))[0]).toEqual(transactions[1]);
      // Expired bans too: a copy carries the record, the reader decides.
      expect((await readAll((after, limit) => store.bans.exportBatch(after, limit), 2)).map((ban) => ban.key)).toEqual(users.map((user) => `user:${user.id}`));
      const files = await readAll((after, limit) => store.files.exportBatch(after, limit), 2);
      expect(await store.files.find(users[2].id, files[2].file_id)).toEqual(files[2]);
    });

    it('reads indexed documents whole, text and passages in order, and a re-indexed one again after the rest', async () => {
      const store = context.store;
      const owners = [await context.createUser(), await context.createUser()];
      const documents = [];
      for (const [index, owner] of [owners[0], owners[1], owners[0]].entries()) {
        const file = await store.files.upsert(fileInput(owner.id, { embedded: true }));
        const document = { userId: owner.id, fileId: file.file_id, fileName: `report-${index}.txt`, text: `whole text ${index}`, chunks: [`first ${index}`, `second ${index}`, `third ${index}`] };
        await store.documentChunks.replace(document);
        documents.push(document);
      }
      // A document without passages (nothing extractable beyond its text) is still a document.
      const empty = await store.files.upsert(fileInput(owners[1].id, { embedded: true }));
      documents.push({ userId: owners[1].id, fileId: empty.file_id, fileName: 'empty.txt', text: '', chunks: [] });
      await store.documentChunks.replace(documents[3]);

      expect(await readAll((after, limit) => store.documentChunks.exportBatch(after, limit), 2)).toEqual(documents);
      const first = await store.documentChunks.exportBatch(null, 2);
      const reindexed = { ...documents[0], text: 'shorter now', chunks: ['only passage'] };
      await store.documentChunks.replace(reindexed);
      // Replaced, not added: a copy resuming after the first batch still meets the new version.
      expect(await readAll((after, limit) => store.documentChunks.exportBatch(after, limit), 2, first.next)).toEqual([documents[2], documents[3], reindexed]);
      expect(await readAll((after, limit) => store.documentChunks.exportBatch(after, limit), 10)).toEqual([documents[1], documents[2], documents[3], reindexed]);
    });

    it('resumes after the last batch read and picks up records written since', async () => {
      const first = await context.createUser();
      const second = await context.createUser();
      const batch = await context.store.users.exportBatch(null, 2);
      expect(batch.items.map((user) => user.id)).toEqual([first.id, second.id]);
      expect(batch.next).not.toBeNull();
      expect(await context.store.users.exportBatch(batch.next, 2)).toEqual({ items: [], next: null });
      const third = await context.createUser();
      expect((await context.store.users.exportBatch(batch.next, 2)).items.map((user) => user.id)).toEqual([third.id]);
    });
  });
}
