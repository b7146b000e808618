import { readdir, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { ChatboxConfig } from '../../../config/types.js';
import { DATABASE_FILE } from '../../../config/data-dir.js';
import { createFileMigrationJournal } from '../../../core/files/file-migration-journal.js';
import { leftoverCutOff } from '../../../core/files/migrate-files.js';
import type { StorageLeftovers } from '../../../core/plugin-api/index.js';
import { resolveFileLimits } from '../../../core/files/index.js';
import type { Store } from '../../../core/store/types.js';
import { megabytes } from '../shared/megabytes.js';
import { openFileStorages } from '../shared/open-file-storages.js';
import { journalFile } from './files-migrate.js';

interface Tally {
  files: number;
  bytes: number;
}

/** What `chatbox files status` reports (`--json` prints it as is). */
export interface FilesStatus {
  dataDir: string;
  database: { driver: 'sqlite'; path: string } | { driver: 'mongodb' };
  /** The local storage's folder: one folder per user; `.partial` files are uploads cut off by a crash. */
  uploads: { path: string; userFolders: number; files: number; bytes: number; unfinished: Tally };
  /** librechat.yaml `fileStrategy`, and the plugin new uploads really go to (they differ when chatbox has none for it). */
  fileStrategy: string;
  /** `leftovers`: what saves cut off by a crash left in it, untouched for an hour (`files migrate` removes them); absent when it cannot tell. */
  storage: { plugin: string | null; error?: string; leftovers?: StorageLeftovers };
  /** The file records, by the storage that holds each. */
  sources: Record<string, Tally>;
  total: Tally;
  /** fileConfig.userStorageLimit, in bytes; null: no quota. */
  userStorageLimit: number | null;
  topUsers: Array<{ userId: string; email: string | null } & Tally & { quotaUsed: number | null }>;
  /** Moves an interrupted `chatbox files migrate` left to finish (its journal); null when the journal cannot be read. */
  unfinishedMoves: number | null;
}

const topUserCount = 5;

export async function filesStatus(config: ChatboxConfig, store: Store): Promise<FilesStatus> {
  const dataDir = resolve(config.dataDir);
  const sources: Record<string, Tally> = {};
  const byUser = new Map<string, Tally>();
  const total: Tally = { files: 0, bytes: 0 };
  let after: string | null = null;
  do {
    const batch = await store.files.exportBatch(after, 500);
    for (const file of batch.items) {
      for (const tally of [(sources[file.source] ??= { files: 0, bytes: 0 }), byUser.get(file.user) ?? setNew(byUser, file.user), total]) {
        tally.files += 1;
        tally.bytes += file.bytes;
      }
    }
    after = batch.next;
  } while (after !== null);

  const userStorageLimit = resolveFileLimits(config.yaml.fileConfig, () => {}).userStorageLimit;
  const top = [...byUser.entries()].sort(([, first], [, second]) => second.bytes - first.bytes).slice(0, topUserCount);
  const topUsers = await Promise.all(
    top.map(async ([userId, tally]) => ({
      userId,
      email: (await store.users.findById(userId))?.email ?? null,
      ...tally,
      quotaUsed: userStorageLimit === null ? null : tally.bytes / userStorageLimit,
    })),
  );

  let storage: FilesStatus['storage'];
  try {
    const current = (await openFileStorages(config)).current;
    storage = { plugin: current?.source ?? null };
    const leftovers = await current?.storage.removeLeftovers?.({ before: leftoverCutOff(), dryRun: true });
    if (leftovers) storage.leftovers = leftovers;
  } catch (error) {
    storage = { plugin: null, error: error instanceof Error ? error.message : String(error) };
  }

  return {
    dataDir,
    database: config.env.MONGO_URI ? { driver: 'mongodb' } : { driver: 'sqlite', path: join(dataDir, DATABASE_FILE) },
    uploads: await uploadsFolder(join(dataDir, 'uploads')),
    fileStrategy: config.yaml.fileStrategy,
    storage,
    sources,
    total,
    userStorageLimit,
    topUsers,
    unfinishedMoves: await createFileMigrationJournal(join(dataDir, journalFile)).pending().then((entries) => entries.length, () => null),
  };
}

function setNew(byUser: Map<string, Tally>, userId: string): Tally {
  const tally = { files: 0, bytes: 0 };
  byUser.set(userId, tally);
  return tally;
}

/** Counts `<uploads>/<user>/<file>` as the local storage lays it out; a missing folder is empty. */
async function uploadsFolder(path: string): Promise<FilesStatus['uploads']> {
  const result = { path, userFolders: 0, files: 0, bytes: 0, unfinished: { files: 0, bytes: 0 } };
  const users = await readdir(path, { withFileTypes: true }).catch(() => []);
  for (const user of users) {
    if (!user.isDirectory()) continue;
    result.userFolders += 1;
    for (const entry of await readdir(join(path, user.name), { withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const { size } = await stat(join(path, user.name, entry.name));
      const tally = entry.name.startsWith('.') && entry.name.endsWith('.partial') ? result.unfinished : result;
      tally.files += 1;
      tally.bytes += size;
    }
  }
  return result;
}

const count = (files: number) => `${files} file${files === 1 ? '' : 's'}`;

/** The report for a person at a terminal. */
export function renderFilesStatus(status: FilesStatus): string {
  const lines = [`Data directory: ${status.dataDir}`];
  lines.push(status.database.driver === 'sqlite' ? `  database: ${status.database.path} (SQLite)` : '  database: MongoDB (MONGO_URI)');
  const { uploads } = status;
  lines.push(`  uploads:  ${uploads.path}: ${count(uploads.files)}, ${megabytes(uploads.bytes)} in ${uploads.userFolders} user folder(s)`);
  if (uploads.unfinished.files > 0) lines.push(`            ${count(uploads.unfinished.files)} (${megabytes(uploads.unfinished.bytes)}) left by uploads cut off by a crash (.partial)`);

  const plugin = status.storage.plugin;
  if (status.storage.error) lines.push(`Storage: fileStrategy ${status.fileStrategy}: cannot start: ${status.storage.error}`);
  else if (plugin === status.fileStrategy) lines.push(`Storage: fileStrategy ${status.fileStrategy} (plugin ${plugin})`);
  else lines.push(`Storage: fileStrategy ${status.fileStrategy} has no plugin in chatbox: new uploads go to ${plugin ?? 'nowhere'}`);
  const leftovers = status.storage.leftovers;
  if (plugin && leftovers && leftovers.count > 0) {
    const size = leftovers.bytes === null ? '' : ` (${megabytes(leftovers.bytes)})`;
    lines.push(`  ${leftovers.count} leftover(s)${size} of saves cut off by a crash, untouched for an hour: \`chatbox files migrate --to ${plugin}\` removes them`);
  }

  lines.push(`Files: ${count(status.total.files)}, ${megabytes(status.total.bytes)}`);
  for (const [source, tally] of Object.entries(status.sources).sort(([first], [second]) => first.localeCompare(second))) {
    lines.push(`  ${source.padEnd(9)} ${count(tally.files).padStart(10)}  ${megabytes(tally.bytes).padStart(12)}`);
  }

  lines.push(status.userStorageLimit === null ? 'Quota: off (fileConfig.userStorageLimit is not set)' : `Quota: ${megabytes(status.userStorageLimit)} per user (fileConfig.userStorageLimit)`);
  if (status.topUsers.length > 0) {
    lines.push(`Top users by storage:`);
    for (const user of status.topUsers) {
      const quota = user.quotaUsed === null ? '' : `  ${Math.round(user.quotaUsed * 100)}% of the quota${user.quotaUsed >= 1 ? ' (full)' : ''}`;
      lines.push(`  ${(user.email ?? `${user.userId} (no account)`).padEnd(32)} ${count(user.files).padStart(10)}  ${megabytes(user.bytes).padStart(12)}${quota}`);
    }
  }
  if (status.unfinishedMoves === null) lines.push(`Migration: ${journalFile} in the data dir cannot be read`);
  else if (status.unfinishedMoves > 0) lines.push(`Migration: an interrupted \`chatbox files migrate\` left ${status.unfinishedMoves} move(s) to finish: run it again`);
  return lines.join('\n');
}
