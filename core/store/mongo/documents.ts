import { ObjectId, type Collection, type Document, type WithId } from 'mongodb';
import type { ExportBatch } from '../repositories/common.js';

/**
 * Drops undefined fields: an undefined option is absent, as it is in the SQLite driver's JSON, and
 * in a patch it means "leave as is".
 */
export function definedFields<T extends object>(record: T): Partial<T> {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/** The record a document holds: every field but _id and the driver's own (emailKey …). */
export function toRecord<T>(document: WithId<Document>, internal: readonly string[] = []): T {
  const { _id, ...fields } = document;
  for (const field of internal) delete fields[field];
  return fields as T;
}

/**
 * An update pipeline that replaces the stored document with `record` but keeps its _id and its
 * createdAt, in one atomic step; on an upsert `createdAt` is the record's. `$literal` keeps user
 * text as data: a title "$5 budget" is not a field path.
 */
export function replaceKeepingCreatedAt(record: Document, createdAt: Date): Document[] {
  return [
    {
      $replaceWith: {
        $mergeObjects: [{ $literal: record }, { _id: '$_id', createdAt: { $ifNull: ['$createdAt', { $literal: createdAt }] } }],
      },
    },
  ];
}

/** An update pipeline that sets the given fields as they are (see replaceKeepingCreatedAt for $literal). */
export function mergeFields(fields: Document): Document[] {
  return [{ $replaceWith: { $mergeObjects: ['$$ROOT', { $literal: fields }] } }];
}

/**
 * One batch of a collection in _id order: ObjectIds grow with insertion, so records written after
 * a copy started come later and a resumed copy picks them up.
 */
export async function exportBatch<T>(collection: Collection, after: string | null, limit: number, toItem: (document: WithId<Document>) => T): Promise<ExportBatch<T>> {
  const filter = after ? { _id: { $gt: new ObjectId(after) } } : {};
  const documents = await collection.find(filter).sort({ _id: 1 }).limit(limit).toArray();
  const last = documents.at(-1);
  return { items: documents.map(toItem), next: last && documents.length === limit ? String(last._id) : null };
}
