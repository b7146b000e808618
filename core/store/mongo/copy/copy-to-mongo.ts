import type { Collection } from 'mongodb';
import type { SqliteStore } from '../../sqlite/index.js';
import type { MongoStore } from '../mongo-store.js';
import { copySteps, type CopyStep } from './copy-steps.js';

/** Where each step got to, so an interrupted copy resumes instead of starting over. */
export const progressCollection = 'migrations_progress';

interface StepProgress {
  _id: string;
  /** The export position to continue after (see ExportBatch). */
  after: string | null;
  /** How many records lie up to that position. */
  position: number;
  done: boolean;
  updatedAt: Date;
}

export interface StepReport {
  step: string;
  /** Records in the source table when the step started. */
  total: number;
  /** Copied so far, over every run. */
  processed: number;
  /** Read by this run. */
  read: number;
  /** Written by this run: new documents and changed ones (a re-run of an unchanged source writes none). */
  inserted: number;
  updated: number;
}

export interface CopyOptions {
  source: SqliteStore;
  target: MongoStore;
  batchSize?: number;
  /** Forget the recorded progress and read every table from its start (upserts keep it idempotent). */
  restart?: boolean;
  /** Called when a step starts and after each batch. */
  onProgress?: (report: StepReport) => void;
  /** Called when a step has copied its last batch. */
  onStepDone?: (report: StepReport) => void;
}

/**
 * Copies every record of an SQLite store into a MongoDB store, a batch at a time (memory stays
 * bounded whatever the size). Each batch is upserted by the record's own key, so copying again
 * duplicates nothing, and the position after each batch is recorded in migrations_progress, so an
 * interrupted copy resumes there and a later run picks up records added since.
 */
export async function copyToMongo({ source, target, batchSize = 500, restart = false, onProgress, onStepDone }: CopyOptions): Promise<StepReport[]> {
  const progress = target.database.collection<StepProgress>(progressCollection);
  if (restart) await progress.deleteMany({});
  const reports: StepReport[] = [];
  for (const step of copySteps) {
    const report = await copyStep(step, { source, target, progress, batchSize, onProgress });
    onStepDone?.(report);
    reports.push(report);
  }
  return reports;
}

async function copyStep(
  step: CopyStep,
  { source, target, progress, batchSize, onProgress }: { source: SqliteStore; target: MongoStore; progress: Collection<StepProgress>; batchSize: number; onProgress?: (report: StepReport) => void },
): Promise<StepReport> {
  const saved = await progress.findOne({ _id: step.name });
  const total = source.database.prepare<[], { total: number }>(`SELECT COUNT(*) AS total FROM ${step.sqliteTable}`).get()!.total;
  let after = saved?.after ?? null;
  let position = saved?.position ?? 0;
  const report: StepReport = { step: step.name, total, processed: position, read: 0, inserted: 0, updated: 0 };
  onProgress?.({ ...report });
  for (;;) {
    const batch = await step.copyBatch(source, target.collections, after, batchSize);
    report.inserted += batch.inserted;
    report.updated += batch.updated;
    report.read += batch.read;
    report.processed = position + batch.read;
    // A short last batch has no position after it: keep the one before, so a later run re-reads at
    // most that batch (idempotently) and then whatever was added since.
    if (batch.next !== null) {
      after = batch.next;
      position += batch.read;
    }
    await progress.updateOne({ _id: step.name }, { $set: { after, position, done: batch.next === null, updatedAt: new Date() } }, { upsert: true });
    onProgress?.({ ...report });
    if (batch.next === null) return report;
  }
}
