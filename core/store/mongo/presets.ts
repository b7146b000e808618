import type { Document, WithId } from 'mongodb';
import type { Preset, PresetsRepository } from '../repositories/presets.js';
import type { Collections } from './collections.js';
import { definedFields, exportBatch, replaceKeepingCreatedAt, toRecord } from './documents.js';
import { retryOnDuplicate } from './duplicates.js';

export function presetDocument(preset: Preset): Document {
  return definedFields({ ...preset, defaultPreset: preset.defaultPreset ?? false, order: preset.order ?? null });
}

const fromDocument = (document: WithId<Document>): Preset => toRecord<Preset>(document);

/** Sorts nulls (and absent orders) after every number, as SQLite's `order_index IS NULL` does. */
const listPipeline = (userId: string): Document[] => [
  { $match: { user: userId } },
  { $addFields: { __orderIsNull: { $cond: [{ $eq: [{ $ifNull: ['$order', null] }, null] }, 1, 0] } } },
  { $sort: { __orderIsNull: 1, order: 1, updatedAt: -1, _id: -1 } },
  { $project: { __orderIsNull: 0 } },
];

export function createPresetsRepository({ presets }: Collections): PresetsRepository {
  /** Unsets the user's default, except on `keep` (which is about to become it). */
  const clearDefault = (userId: string, keep: string | null) =>
    presets.updateMany({ user: userId, defaultPreset: true, ...(keep === null ? {} : { presetId: { $ne: keep } }) }, { $set: { defaultPreset: false } });

  return {
    async upsert(input) {
      const now = new Date();
      const preset = presetDocument({ ...input, createdAt: now, updatedAt: now });
      // No transaction: clear the old default, then save. The partial unique index refuses a second
      // default if a concurrent save slipped in between; clearing again and retrying settles it.
      const saved = await retryOnDuplicate(async () => {
        if (preset.defaultPreset) await clearDefault(input.user, input.presetId);
        return presets.findOneAndUpdate({ user: input.user, presetId: input.presetId }, replaceKeepingCreatedAt(preset, now), {
          upsert: true,
          returnDocument: 'after',
        });
      });
      return fromDocument(saved!);
    },
    async find(userId, presetId) {
      const document = await presets.findOne({ user: userId, presetId });
      return document ? fromDocument(document) : null;
    },
    async list(userId) {
      const documents = await presets.aggregate<WithId<Document>>(listPipeline(userId)).toArray();
      return documents.map(fromDocument);
    },
    async setDefault(userId, presetId) {
      await retryOnDuplicate(async () => {
        await clearDefault(userId, presetId);
        if (presetId !== null) await presets.updateOne({ user: userId, presetId }, { $set: { defaultPreset: true } });
      });
    },
    async delete(userId, presetId) {
      return (await presets.deleteOne({ user: userId, presetId })).deletedCount > 0;
    },
    async deleteAll(userId) {
      return (await presets.deleteMany({ user: userId })).deletedCount;
    },
    async exportBatch(after, limit) {
      return exportBatch(presets, after, limit, fromDocument);
    },
  };
}
