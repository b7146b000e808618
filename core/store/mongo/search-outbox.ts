import { randomUUID } from 'node:crypto';
import { ObjectId, type Document, type WithId } from 'mongodb';
import type { ConversationIndexName, SearchIndexName, SearchOutboxChange, SearchOutboxEntry, SearchOutboxRepository, SearchSourceRecords } from '../repositories/search-outbox.js';
import type { Collections } from './collections.js';
import { exportBatch, toRecord } from './documents.js';

/** Appends outbox entries for a data change; the repositories of messages and conversations call it. */
export type RecordSearchChanges = (changes: SearchOutboxChange[]) => Promise<void>;

const stateId = 'state';
// A claimer that keeps losing every entry to others gives up after this many rounds (the worker polls again).
const maxClaimRounds = 10;

const toEntry = (document: WithId<Document>): SearchOutboxEntry => ({
  id: String(document._id),
  index: document.index,
  kind: document.kind,
  userId: document.userId,
  documentId: document.documentId,
  attempts: document.attempts,
  lastError: document.lastError ?? null,
});

const toObjectIds = (ids: string[]): ObjectId[] => ids.filter((id) => ObjectId.isValid(id)).map((id) => new ObjectId(id));

/**
 * The MongoDB outbox. There is no transaction to share with the data change, so entries are appended
 * right after it: the worker then always reads the change it was told about. A crash between the two
 * loses that entry, which the start-up drift check repairs; appending first would let the worker
 * read, and send, the state from before the change. The enabled flag lives in the database, so every
 * process writing to it (the server, an admin command) feeds the same outbox.
 */
export function createSearchOutbox({ searchOutbox, searchOutboxState, conversations, messages }: Collections): {
  repository: SearchOutboxRepository;
  record: RecordSearchChanges;
} {
  const isEnabled = async () => (await searchOutboxState.findOne({ _id: stateId as never }))?.enabled === true;

  const record: RecordSearchChanges = async (changes) => {
    if (changes.length === 0 || !(await isEnabled())) return;
    const now = new Date();
    await searchOutbox.insertMany(
      changes.map(({ index, kind, userId, documentId }) => ({ index, kind, userId, documentId, attempts: 0, lastError: null, availableAt: new Date(0), createdAt: now })),
    );
  };

  const repository: SearchOutboxRepository = {
    async setEnabled(enabled) {
      await searchOutboxState.updateOne({ _id: stateId as never }, { $set: { enabled } }, { upsert: true });
      if (!enabled) await searchOutbox.deleteMany({});
    },
    isEnabled,
    append: record,
    async claim(limit, now, leaseMs) {
      // The availableAt guard makes each lease atomic per entry: of two claimers, one wins each
      // entry, and the lease id tells this claimer which it won. One that lost the race for the
      // oldest entries tries the next ones, so concurrent claimers get disjoint runs.
      const leaseId = randomUUID();
      const leaseUntil = new Date(now.getTime() + leaseMs);
      const tried: ObjectId[] = [];
      let won = 0;
      for (let round = 0; won < limit && round < maxClaimRounds; round++) {
        const due = await searchOutbox.find({ availableAt: { $lte: now } }, { projection: { _id: 1 } }).sort({ _id: 1 }).limit(limit - won).toArray();
        if (due.length === 0) break;
        const ids = due.map((document) => document._id);
        tried.push(...ids);
        const { modifiedCount } = await searchOutbox.updateMany({ _id: { $in: ids }, availableAt: { $lte: now } }, { $set: { availableAt: leaseUntil, leaseId } });
        won += modifiedCount;
      }
      if (won === 0) return [];
      return (await searchOutbox.find({ _id: { $in: tried }, leaseId }).sort({ _id: 1 }).toArray()).map(toEntry);
    },
    async ack(ids) {
      if (ids.length > 0) await searchOutbox.deleteMany({ _id: { $in: toObjectIds(ids) } });
    },
    async fail(ids, error, now, { baseMs, maxMs }) {
      if (ids.length === 0) return;
      // Each entry backs off by its own attempt count, computed on the server in one update.
      const backoff = { $min: [maxMs, { $multiply: [baseMs, { $pow: [2, { $min: ['$attempts', 40] }] }] }] };
      await searchOutbox.updateMany({ _id: { $in: toObjectIds(ids) } }, [
        { $set: { attempts: { $add: ['$attempts', 1] }, lastError: { $literal: error.slice(0, 2000) }, availableAt: { $add: [{ $literal: now }, backoff] } } },
      ]);
    },
    async count() {
      return searchOutbox.countDocuments({});
    },
    async scan<I extends ConversationIndexName>(index: I, cursor: string | null, limit: number) {
      const collection = index === 'messages' ? messages : conversations;
      const batch = await exportBatch(collection, cursor, limit, (document) => toRecord<SearchSourceRecords[I]>(document));
      return { records: batch.items, cursor: batch.next };
    },
  };
  return { repository, record };
}
