import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeSearchOutboxContract } from '../../search/contract/search-outbox-contract.js';
import { startMongoDouble, type MongoDouble } from '../../../testing/mongo-double/index.js';
import { describeStoreContract } from '../conformance/index.js';
import { createMongoStore, databaseNameFromUri, type MongoStore } from './mongo-store.js';

let double: MongoDouble;
beforeAll(async () => {
  double = await startMongoDouble();
});
afterAll(async () => double?.close());

/** A fresh database per store, dropped when the store closes, so tests never see each other's data. */
async function freshStore(uri: string): Promise<MongoStore> {
  const store = await createMongoStore({ uri, dbName: `contract_${randomUUID().replaceAll('-', '')}` });
  const close = store.close;
  return Object.assign(store, {
    async close() {
      await store.database.dropDatabase();
      await close();
    },
  });
}

describeStoreContract('mongodb (wire-protocol double)', () => freshStore(double.uri()));
describeSearchOutboxContract('mongodb (wire-protocol double)', () => freshStore(double.uri()));

// The same suites against a real server when one is at hand: MONGO_URI=mongodb://localhost:27017 npx vitest …
const realUri = process.env.MONGO_URI;
if (realUri) {
  describeStoreContract('mongodb (MONGO_URI)', () => freshStore(realUri));
  describeSearchOutboxContract('mongodb (MONGO_URI)', () => freshStore(realUri));
}

describe('mongo store', () => {
  it('takes the database from the connection string, else chatbox', () => {
    expect(databaseNameFromUri('mongodb://localhost:27017/librechat?retryWrites=true')).toBe('librechat');
    expect(databaseNameFromUri('mongodb+srv://user:secret@cluster.example.net/chat%20box')).toBe('chat box');
    expect(databaseNameFromUri('mongodb://a:1,b:2/?replicaSet=rs0')).toBe('chatbox');
    expect(databaseNameFromUri('mongodb://localhost')).toBe('chatbox');
  });

  it('creates the indexes the queries need, once', async () => {
    const store = await freshStore(double.uri());
    const again = await createMongoStore({ uri: double.uri(), dbName: store.database.databaseName });
    await again.close();
    const users = await store.collections.users.indexes();
    expect(users).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ key: { emailKey: 1 }, unique: true }),
        expect.objectContaining({ key: { provider: 1, providerId: 1 }, unique: true, partialFilterExpression: { providerId: { $type: 'string' } } }),
      ]),
    );
    const presets = await store.collections.presets.indexes();
    expect(presets).toEqual(expect.arrayContaining([expect.objectContaining({ key: { user: 1, defaultPreset: 1 }, partialFilterExpression: { defaultPreset: true } })]));
    expect(await store.collections.conversations.indexes()).toEqual(expect.arrayContaining([expect.objectContaining({ key: { user: 1, updatedAt: -1 } })]));
    await store.close();
  });

  it('keeps user text that looks like an expression as text', async () => {
    const store = await freshStore(double.uri());
    const user = await store.users.create({ name: 'Ada', username: 'ada', email: 'ada@example.com', provider: 'local', passwordHash: 'hash' });
    const saved = await store.conversations.upsert({ conversationId: 'c-1', user: user.id, title: '$title', promptPrefix: '$$ROOT', agentOptions: { $set: 1 } });
    expect(saved).toMatchObject({ title: '$title', promptPrefix: '$$ROOT', agentOptions: { $set: 1 } });
    const updated = await store.conversations.update(user.id, 'c-1', { title: '$literal' });
    expect(updated?.title).toBe('$literal');
    await store.close();
  });
});
