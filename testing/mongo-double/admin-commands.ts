import type { Document } from 'bson';
import { CommandError, namespaceNotFound } from './command-error.js';
import { collectionName, queryDocuments, type CommandHandler } from './command-context.js';
import { normaliseIndexSpec, type IndexSpec } from './indexes.js';

const maxBsonObjectSize = 16 * 1024 * 1024;

/**
 * The handshake. A standalone server of MongoDB 7.0 (wire version 21): no setName, so the driver
 * sees a single server and never tries transactions or retryable writes; a session timeout, so it
 * sends lsids and ends its sessions on close, as against a real server.
 */
const hello: CommandHandler = (_command, context) => ({
  helloOk: true,
  isWritablePrimary: true,
  ismaster: true,
  maxBsonObjectSize,
  maxMessageSizeBytes: 48_000_000,
  maxWriteBatchSize: 100_000,
  localTime: new Date(),
  logicalSessionTimeoutMinutes: 30,
  connectionId: context.connectionId,
  minWireVersion: 0,
  maxWireVersion: 21,
  readOnly: false,
  ok: 1,
});

const buildInfo: CommandHandler = () => ({
  version: '7.0.0',
  versionArray: [7, 0, 0, 0],
  gitVersion: 'mongo-double',
  bits: 64,
  maxBsonObjectSize,
  ok: 1,
});

const getParameter: CommandHandler = (command) =>
  command.featureCompatibilityVersion ? { featureCompatibilityVersion: { version: '7.0' }, ok: 1 } : { ok: 1 };

const listDatabases: CommandHandler = (_command, context) => ({
  databases: context.catalog.databaseNames().map((name) => ({ name, sizeOnDisk: 0, empty: false })),
  totalSize: 0,
  ok: 1,
});

const listCollections: CommandHandler = (command, context) => {
  const entries = context.catalog.list(context.database).map(([name]) => ({
    name,
    type: 'collection',
    options: {},
    info: { readOnly: false },
    idIndex: { v: 2, key: { _id: 1 }, name: '_id_' },
  }));
  const matching = queryDocuments(entries, { filter: command.filter });
  const results = command.nameOnly ? matching.map(({ name, type }) => ({ name, type })) : matching;
  return context.cursors.start(`${context.database}.$cmd.listCollections`, results, { batchSize: command.cursor?.batchSize });
};

const listIndexes: CommandHandler = (command, context) => {
  const name = collectionName(command);
  const collection = context.catalog.find(context.database, name);
  if (!collection) throw namespaceNotFound(`${context.database}.${name}`);
  const indexes = collection.indexes.map((spec) => ({ v: 2, ...spec }));
  return context.cursors.start(`${context.database}.${name}`, indexes, { batchSize: command.cursor?.batchSize });
};

const createIndexes: CommandHandler = (command, context) => {
  const { collection, created } = context.catalog.open(context.database, collectionName(command));
  const before = collection.indexes.length;
  let added = 0;
  for (const raw of command.indexes as Document[]) if (collection.createIndex(normaliseIndexSpec(raw))) added++;
  const reply: Document = { createdCollectionAutomatically: created, numIndexesBefore: before, numIndexesAfter: collection.indexes.length, ok: 1 };
  if (added === 0) reply.note = 'all indexes already exist';
  return reply;
};

const dropIndexes: CommandHandler = (command, context) => {
  const name = collectionName(command);
  const collection = context.catalog.find(context.database, name);
  if (!collection) throw namespaceNotFound(`${context.database}.${name}`);
  const before = collection.indexes.length;
  const wanted = command.index as string | string[] | Document;
  const byKey = (key: Document) => collection.indexes.find((spec: IndexSpec) => JSON.stringify(spec.key) === JSON.stringify(key))?.name ?? '';
  const names = wanted === '*' ? collection.indexes.map((spec) => spec.name).filter((index) => index !== '_id_') : typeof wanted === 'string' ? [wanted] : Array.isArray(wanted) ? wanted : [byKey(wanted)];
  for (const index of names) collection.dropIndex(index);
  return { nIndexesWas: before, ok: 1 };
};

const create: CommandHandler = (command, context) => {
  const { created } = context.catalog.open(context.database, collectionName(command));
  if (!created) throw new CommandError(48, 'NamespaceExists', `Collection ${context.database}.${collectionName(command)} already exists.`);
  return { ok: 1 };
};

const drop: CommandHandler = (command, context) => {
  const name = collectionName(command);
  const dropped = context.catalog.drop(context.database, name);
  if (!dropped) throw namespaceNotFound(`${context.database}.${name}`);
  return { ns: `${context.database}.${name}`, nIndexesWas: dropped.indexes.length, ok: 1 };
};

const dropDatabase: CommandHandler = (_command, context) => {
  context.catalog.dropDatabase(context.database);
  return { dropped: context.database, ok: 1 };
};

const acknowledge: CommandHandler = () => ({ ok: 1 });

export const adminCommands: Record<string, CommandHandler> = {
  hello,
  isMaster: hello,
  ismaster: hello,
  ping: acknowledge,
  buildInfo,
  buildinfo: buildInfo,
  getParameter,
  endSessions: acknowledge,
  listDatabases,
  listCollections,
  listIndexes,
  createIndexes,
  dropIndexes,
  create,
  drop,
  dropDatabase,
};
