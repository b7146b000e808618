import { MongoBulkWriteError, type Collection, type Document } from 'mongodb';
import { DuplicateError } from '../../../errors/index.js';

/** What one batch wrote: new documents and changed ones (a re-run of an unchanged source writes none). */
export interface WriteCounts {
  inserted: number;
  updated: number;
}

/** Upserts each document by its own key: copying again replaces, never duplicates. */
export async function upsertByKey(collection: Collection, stepName: string, documents: Document[], keyFields: readonly string[]): Promise<WriteCounts> {
  const operations = documents.map((document) => {
    const filter = Object.fromEntries(keyFields.map((field) => [field, document[field]]));
    return { replaceOne: { filter, replacement: document, upsert: true } };
  });
  try {
    const result = await collection.bulkWrite(operations, { ordered: false });
    return { inserted: result.upsertedCount, updated: result.modifiedCount };
  } catch (error) {
    // Another record in the target already holds a unique value (an email, a default preset …).
    if (error instanceof MongoBulkWriteError) {
      const [first] = [error.writeErrors].flat();
      throw new DuplicateError(`copying ${stepName} failed: ${first?.errmsg ?? error.message}`, { step: stepName });
    }
    throw error;
  }
}
