import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { deserialize, serialize, type Document } from 'bson';
import { MongoBulkWriteError, MongoClient, MongoServerError, type Db } from 'mongodb';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startMongoDouble, type MongoDouble } from './index.js';

// Driven by the real driver: what passes here is what the store's driver code will see.
let double: MongoDouble;
let client: MongoClient;
let database: Db;

beforeAll(async () => {
  double = await startMongoDouble();
  client = new MongoClient(double.uri(), { monitorCommands: true });
  await client.connect();
});
afterAll(async () => {
  await client?.close();
  await double?.close();
});
beforeEach(() => {
  database = client.db(`double_${randomUUID().replaceAll('-', '')}`);
});

describe('mongo double: handshake and admin commands', () => {
  it('answers ping, buildInfo and an unknown command the way a server does', async () => {
    expect(await database.command({ ping: 1 })).toMatchObject({ ok: 1 });
    expect(await database.admin().buildInfo()).toMatchObject({ version: '7.0.0' });
    const unknown = database.command({ frobnicate: 1 });
    await expect(unknown).rejects.toBeInstanceOf(MongoServerError);
    await expect(unknown).rejects.toMatchObject({ code: 59, codeName: 'CommandNotFound' });
  });

  it('creates, lists and drops collections and indexes', async () => {
    await database.createCollection('notes');
    await expect(database.createCollection('notes')).rejects.toMatchObject({ codeName: 'NamespaceExists' });
    await database.collection('notes').createIndex({ title: 1 }, { unique: true, name: 'by_title' });
    await database.collection('other').insertOne({ a: 1 });
    expect((await database.listCollections({}, { nameOnly: true }).toArray()).map((entry) => entry.name).sort()).toEqual(['notes', 'other']);
    expect(await database.collection('notes').indexes()).toEqual([
      { v: 2, key: { _id: 1 }, name: '_id_' },
      { v: 2, key: { title: 1 }, name: 'by_title', unique: true },
    ]);
    await database.collection('notes').dropIndex('by_title');
    expect(await database.collection('notes').indexes()).toHaveLength(1);
    expect(await database.collection('notes').drop()).toBe(true);
    expect(await database.collection('missing').drop()).toBe(false);
    await database.dropDatabase();
    expect(await database.listCollections().toArray()).toEqual([]);
  });
});

/** Sends raw bytes and resolves with the first whole reply (the driver never sends these shapes itself). */
function exchange(message: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const socket = connect(double.port, '127.0.0.1', () => socket.write(message));
    let received = Buffer.alloc(0);
    socket.on('data', (chunk) => {
      received = Buffer.concat([received, chunk]);
      if (received.length >= 4 && received.length >= received.readInt32LE(0)) {
        socket.destroy();
        resolve(received);
      }
    });
    socket.on('error', reject);
  });
}

function withHeader(opCode: number, body: Buffer): Buffer {
  const header = Buffer.alloc(16);
  header.writeInt32LE(16 + body.length, 0);
  header.writeInt32LE(7, 4);
  header.writeInt32LE(opCode, 12);
  return Buffer.concat([header, body]);
}

describe('mongo double: wire protocol', () => {
  it('answers a legacy OP_QUERY hello with an OP_REPLY', async () => {
    const query = Buffer.concat([Buffer.alloc(4), Buffer.from('admin.$cmd\0'), Buffer.alloc(4), Buffer.from([1, 0, 0, 0]), serialize({ isMaster: 1, helloOk: true })]);
    const reply = await exchange(withHeader(2004, query));
    expect(reply.readInt32LE(8)).toBe(7); // responseTo
    expect(reply.readInt32LE(12)).toBe(1); // OP_REPLY
    expect(reply.readInt32LE(32)).toBe(1); // numberReturned
    expect(deserialize(reply.subarray(36))).toMatchObject({ ismaster: true, helloOk: true, maxWireVersion: 21, ok: 1 });
  });

  it('folds an OP_MSG document sequence into the command', async () => {
    const documents: Document[] = [{ a: 1 }, { a: 2 }];
    const sequence = Buffer.concat([Buffer.from('documents\0'), ...documents.map((document) => Buffer.from(serialize(document)))]);
    const size = Buffer.alloc(4);
    size.writeInt32LE(4 + sequence.length);
    const body = Buffer.concat([Buffer.alloc(4), Buffer.from([0]), serialize({ insert: 'raw', $db: database.databaseName }), Buffer.from([1]), size, sequence]);
    const reply = await exchange(withHeader(2013, body));
    expect(deserialize(reply.subarray(21))).toEqual({ n: 2, ok: 1 });
    expect(await database.collection('raw').countDocuments({ a: { $in: [1, 2] } })).toBe(2);
  });
});

describe('mongo double: unique indexes', () => {
  it('refuses a duplicate with E11000 in the real error shape', async () => {
    const users = database.collection('users');
    await users.createIndex({ emailKey: 1 }, { unique: true });
    await users.insertOne({ emailKey: 'ada@example.com' });
    const error = await users.insertOne({ emailKey: 'ada@example.com' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MongoServerError);
    expect(error).toMatchObject({
      code: 11000,
      keyPattern: { emailKey: 1 },
      keyValue: { emailKey: 'ada@example.com' },
    });
    expect((error as Error).message).toMatch(/^E11000 duplicate key error collection: double_\w+\.users index: emailKey_1 dup key: \{ emailKey: "ada@example.com" \}$/);
    expect(await users.countDocuments()).toBe(1);
  });

  it('stops an ordered insertMany at the duplicate and goes on past it when unordered', async () => {
    const items = database.collection('items');
    await items.createIndex({ sku: 1 }, { unique: true });
    const ordered = await items.insertMany([{ sku: 'a' }, { sku: 'a' }, { sku: 'b' }]).catch((caught: unknown) => caught);
    expect(ordered).toBeInstanceOf(MongoBulkWriteError);
    expect(await items.countDocuments()).toBe(1);
    const unordered = await items.insertMany([{ sku: 'a' }, { sku: 'c' }, { sku: 'd' }], { ordered: false }).catch((caught: unknown) => caught);
    expect((unordered as MongoBulkWriteError).insertedCount).toBe(2);
    expect(await items.countDocuments()).toBe(3);
  });

  it('enforces a partial unique index only on the documents its filter selects', async () => {
    const presets = database.collection('presets');
    await presets.createIndex({ user: 1, isDefault: 1 }, { unique: true, partialFilterExpression: { isDefault: true } });
    await presets.insertMany([{ user: 'u', isDefault: false }, { user: 'u', isDefault: false }, { user: 'u', isDefault: true }]);
    await expect(presets.insertOne({ user: 'u', isDefault: true })).rejects.toMatchObject({ code: 11000 });
    await expect(presets.updateOne({ isDefault: false }, { $set: { isDefault: true } })).rejects.toMatchObject({ code: 11000 });
    await presets.updateOne({ isDefault: true }, { $set: { isDefault: false } });
    await expect(presets.updateOne({ isDefault: false }, { $set: { isDefault: true } })).resolves.toMatchObject({ modifiedCount: 1 });
  });

  it('refuses an index the existing documents break, and a duplicate _id', async () => {
    const notes = database.collection('notes');
    await notes.insertMany([{ _id: 'x' as never, tag: 'same' }, { tag: 'same' }]);
    await expect(notes.createIndex({ tag: 1 }, { unique: true })).rejects.toMatchObject({ code: 11000 });
    await expect(notes.insertOne({ _id: 'x' as never })).rejects.toMatchObject({ code: 11000, keyPattern: { _id: 1 } });
  });

  it('answers findAndModify with a command error on a duplicate', async () => {
    const users = database.collection('users');
    await users.createIndex({ email: 1 }, { unique: true });
    await users.insertMany([{ email: 'a' }, { email: 'b' }]);
    await expect(users.findOneAndUpdate({ email: 'b' }, { $set: { email: 'a' } })).rejects.toMatchObject({ code: 11000, codeName: 'DuplicateKey' });
    expect(await users.findOne({ email: 'b' })).not.toBeNull();
  });
});

describe('mongo double: reads', () => {
  it('hands out more than 101 documents through getMore and kills a cursor', async () => {
    const numbers = database.collection('numbers');
    await numbers.insertMany(Array.from({ length: 250 }, (_, value) => ({ value })));
    const started: string[] = [];
    const listener = (event: { commandName: string }) => started.push(event.commandName);
    client.on('commandStarted', listener);
    const all = await numbers.find({}, { sort: { value: -1 } }).toArray();
    client.off('commandStarted', listener);
    expect(all.map((document) => document.value)).toEqual(Array.from({ length: 250 }, (_, index) => 249 - index));
    expect(started).toEqual(['find', 'getMore']);

    const small = await numbers.find({ value: { $gte: 100 } }, { batchSize: 20, projection: { _id: 0 } }).skip(5).limit(60).toArray();
    expect(small).toHaveLength(60);
    expect(small[0]).toEqual({ value: 105 });

    const killed: unknown[] = [];
    const onSucceeded = (event: { commandName: string; reply: unknown }) => event.commandName === 'killCursors' && killed.push(event.reply);
    client.on('commandSucceeded', onSucceeded);
    const cursor = numbers.find({}, { batchSize: 10 });
    expect((await cursor.next())?.value).toBe(0);
    await cursor.close();
    client.off('commandSucceeded', onSucceeded);
    expect(killed).toEqual([expect.objectContaining({ cursorsKilled: [expect.anything()], cursorsNotFound: [] })]);
  });

  it('counts, finds distinct values and aggregates through mingo', async () => {
    const orders = database.collection('orders');
    await orders.insertMany([
      { user: 'a', total: 5, tags: ['x', 'y'] },
      { user: 'a', total: 7, tags: ['y'] },
      { user: 'b', total: 1, tags: [] },
    ]);
    expect(await orders.countDocuments({ user: 'a' })).toBe(2);
    expect(await orders.estimatedDocumentCount()).toBe(3);
    expect((await orders.distinct('tags')).sort()).toEqual(['x', 'y']);
    const totals = await orders.aggregate([{ $group: { _id: '$user', sum: { $sum: '$total' } } }, { $sort: { _id: 1 } }]).toArray();
    expect(totals).toEqual([{ _id: 'a', sum: 12 }, { _id: 'b', sum: 1 }]);
    await database.collection('names').insertMany([{ user: 'a', name: 'Ada' }]);
    const joined = await orders.aggregate([{ $match: { total: 7 } }, { $lookup: { from: 'names', localField: 'user', foreignField: 'user', as: 'who' } }, { $project: { _id: 0, name: { $first: '$who.name' } } }]).toArray();
    expect(joined).toEqual([{ name: 'Ada' }]);
  });

  it('round-trips BSON types', async () => {
    const values = database.collection('values');
    const when = new Date('2025-01-01T00:00:00.000Z');
    await values.insertOne({ _id: 'v' as never, when, nested: { list: [1, 'two', null] }, flag: true, ratio: 0.5, big: 2 ** 40 });
    expect(await values.findOne({ when: { $gte: when } })).toEqual({ _id: 'v', when, nested: { list: [1, 'two', null] }, flag: true, ratio: 0.5, big: 2 ** 40 });
  });
});

describe('mongo double: writes', () => {
  it('applies update operators and counts matched and modified', async () => {
    const docs = database.collection<{ _id: string; count?: number; tags?: string[]; set?: string[]; gone?: boolean; seen?: boolean }>('docs');
    await docs.insertOne({ _id: 'd', count: 1, tags: ['a'], gone: true });
    const result = await docs.updateOne({ _id: 'd' }, { $inc: { count: 2 }, $push: { tags: 'b' }, $addToSet: { set: 'x' }, $unset: { gone: '' } });
    expect(result).toMatchObject({ matchedCount: 1, modifiedCount: 1 });
    await docs.updateOne({ _id: 'd' }, { $pull: { tags: 'a' }, $addToSet: { set: 'x' } });
    expect(await docs.findOne({ _id: 'd' })).toEqual({ _id: 'd', count: 3, tags: ['b'], set: ['x'] });
    expect(await docs.updateOne({ _id: 'd' }, { $set: { count: 3 } })).toMatchObject({ matchedCount: 1, modifiedCount: 0 });
    expect(await docs.updateMany({}, { $set: { seen: true } })).toMatchObject({ matchedCount: 1 });
  });

  it('upserts from the filter with $setOnInsert, and with a pipeline', async () => {
    const counters = database.collection('counters');
    const first = await counters.updateOne({ key: 'k', type: 't' }, { $inc: { count: 1 }, $setOnInsert: { createdAt: 'first' } }, { upsert: true });
    expect(first.upsertedCount).toBe(1);
    await counters.updateOne({ key: 'k', type: 't' }, { $inc: { count: 1 }, $setOnInsert: { createdAt: 'second' } }, { upsert: true });
    expect(await counters.findOne({ key: 'k' }, { projection: { _id: 0 } })).toEqual({ key: 'k', type: 't', count: 2, createdAt: 'first' });
    await counters.updateOne({ key: 'p' }, [{ $set: { count: { $add: [{ $ifNull: ['$count', 0] }, 10] } } }], { upsert: true });
    await counters.updateOne({ key: 'p' }, [{ $set: { count: { $add: [{ $ifNull: ['$count', 0] }, 10] } } }], { upsert: true });
    expect((await counters.findOne({ key: 'p' }))?.count).toBe(20);
  });

  it('replaces a whole document and keeps its _id', async () => {
    const docs = database.collection('docs');
    const { insertedId } = await docs.insertOne({ a: 1, b: 2 });
    await docs.replaceOne({ _id: insertedId }, { c: 3 });
    expect(await docs.findOne({ _id: insertedId })).toEqual({ _id: insertedId, c: 3 });
  });

  it('runs findAndModify: update before/after, sort, upsert, remove', async () => {
    const jobs = database.collection('jobs');
    await jobs.insertMany([{ name: 'b', priority: 2 }, { name: 'a', priority: 1 }, { name: 'c', priority: 3 }]);
    const before = await jobs.findOneAndUpdate({}, { $set: { taken: true } }, { sort: { priority: -1 }, returnDocument: 'before' });
    expect(before).toMatchObject({ name: 'c' });
    expect(before?.taken).toBeUndefined();
    const after = await jobs.findOneAndUpdate({ taken: { $exists: false } }, { $set: { taken: true } }, { sort: { priority: 1 }, returnDocument: 'after', projection: { _id: 0, name: 1, taken: 1 } });
    expect(after).toEqual({ name: 'a', taken: true });
    expect(await jobs.findOneAndUpdate({ name: 'none' }, { $set: { taken: true } })).toBeNull();
    const upserted = await jobs.findOneAndUpdate({ name: 'd' }, { $set: { priority: 4 } }, { upsert: true, returnDocument: 'after' });
    expect(upserted).toMatchObject({ name: 'd', priority: 4 });
    const removed = await jobs.findOneAndDelete({ name: 'b' });
    expect(removed).toMatchObject({ name: 'b' });
    expect(await jobs.findOneAndDelete({ name: 'b' })).toBeNull();
    expect(await jobs.findOneAndReplace({ name: 'd' }, { name: 'e' }, { returnDocument: 'after', projection: { _id: 0 } })).toEqual({ name: 'e' });
  });

  it('deletes one or many', async () => {
    const docs = database.collection('docs');
    await docs.insertMany([{ group: 1 }, { group: 1 }, { group: 1 }, { group: 2 }]);
    expect((await docs.deleteOne({ group: 1 })).deletedCount).toBe(1);
    expect((await docs.deleteMany({ group: 1 })).deletedCount).toBe(2);
    expect((await docs.deleteMany({ group: 9 })).deletedCount).toBe(0);
    expect(await docs.countDocuments()).toBe(1);
  });

  it('runs a bulk write of mixed statements', async () => {
    const docs = database.collection('docs');
    const result = await docs.bulkWrite([
      { insertOne: { document: { name: 'a' } } },
      { replaceOne: { filter: { name: 'b' }, replacement: { name: 'b', v: 1 }, upsert: true } },
      { updateOne: { filter: { name: 'a' }, update: { $set: { v: 2 } } } },
      { deleteOne: { filter: { name: 'zzz' } } },
    ]);
    expect(result).toMatchObject({ insertedCount: 1, upsertedCount: 1, modifiedCount: 1, deletedCount: 0 });
  });
});
