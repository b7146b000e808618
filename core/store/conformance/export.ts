import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ExportBatch } from '../repositories/common.js';
import { type ContractContext, conversationInput, fileInput, messageInput, minutesFrom, presetInput } from './context.js';

/** Reads an export to the end, `limit` at a time, checking that only the last batch comes back short. */
async function readAll<T>(read: (after: string | null, limit: number) => Promise<ExportBatch<T>>, limit: number): Promise<T[]> {
  const items: T[] = [];
  let after: string | null = null;
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
