import { join } from 'node:path';
import type { ChatboxConfig } from '../../../config/types.js';
import { createFileMigrationJournal } from '../../../core/files/file-migration-journal.js';
import { migrateFiles, type FileMigrationProgress, type FileMigrationReport } from '../../../core/files/migrate-files.js';
import type { PluginDefinition } from '../../../core/plugin-api/index.js';
import { isFileSource } from '../../../core/store/repositories/files.js';
import type { Store } from '../../../core/store/types.js';
import { CliError } from '../shared/cli-error.js';
import { lockDataDir, type LockKind } from '../shared/data-dir-lock.js';
import { megabytes } from '../shared/megabytes.js';
import { openFileStorages } from '../shared/open-file-storages.js';

/** Where an interrupted run's unfinished moves are written down, for the next run to settle. */
export const journalFile = 'files-migration.json';

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** chatbox files migrate --to <strategy> [--dry-run]: moves every file into one storage. */
export async function filesMigrate(config: ChatboxConfig, store: Store, options: MigrateOptions, plugins?: PluginDefinition[]): Promise<void> {
  // Two runs at once would copy the same files and trip over one journal.
  const lock = options.dryRun ? undefined : lockDataDir(config.dataDir, config.dataDir, migrationLock);
  try {
    await migrate(config, store, options, plugins);
  } finally {
    lock?.release();
  }
}

const migrationLock: LockKind = {
  file: 'files-migration.pid',
  inUse: (pid, shownAs) => `another \`chatbox files migrate\`${pid} is moving the files of ${shownAs}; let it finish or stop it first`,
};

interface MigrateOptions {
  to: string;
  dryRun?: boolean;
}

async function migrate(config: ChatboxConfig, store: Store, options: MigrateOptions, plugins?: PluginDefinition[]): Promise<void> {
  const storages = await openFileStorages(config, plugins).catch((error: unknown) => {
    throw new CliError(`the file storages cannot start: ${message(error)}`);
  });
  const to = options.to.trim();
  if (!storages.known.includes(to) || !isFileSource(to)) throw new CliError(`unknown file strategy "${to}"; known: ${storages.known.filter(isFileSource).join(', ')}`);
  const target = await storages.open(to).catch((error: unknown) => {
    throw new CliError(`the ${to} storage cannot start: ${message(error)}`);
  });

  // Ctrl-C stops after the file in flight, whose partial copy the storage removes; a second one quits at once.
  const controller = new AbortController();
  const stop = () => {
    if (controller.signal.aborted) process.exit(130);
    console.log('Stopping after the file being copied (Ctrl-C again to quit at once)…');
    controller.abort();
  };
  process.on('SIGINT', stop);
  let report: FileMigrationReport;
  try {
    report = await migrateFiles({
      files: store.files,
      target: { source: to, storage: target },
      storageFor: (source) => storages.forSource(source),
      journal: createFileMigrationJournal(join(config.dataDir, journalFile)),
      dryRun: options.dryRun,
      signal: controller.signal,
      onProgress: printProgress,
    });
  } finally {
    process.off('SIGINT', stop);
  }
  printReport(report, to, Boolean(options.dryRun), config.yaml.fileStrategy);
}

function printProgress(progress: FileMigrationProgress): void {
  const verb = { moved: 'moved', skipped: 'skipped', failed: 'FAILED' }[progress.outcome];
  const width = String(progress.total).length;
  console.log(`[${String(progress.done).padStart(width)}/${progress.total}] ${megabytes(progress.bytesDone)} of ${megabytes(progress.totalBytes)}  ${verb} ${progress.file.file_id} (${progress.file.source}, ${megabytes(progress.file.bytes)})`);
}

function printReport(report: FileMigrationReport, to: string, dryRun: boolean, fileStrategy: string): void {
  if (report.recovered > 0) console.log(`Finished ${report.recovered} move(s) an earlier run had left half done.`);
  for (const [source, found] of Object.entries(report.leftovers)) {
    const size = found.bytes === null ? '' : `, ${megabytes(found.bytes)}`;
    console.log(`${dryRun ? 'Would remove' : 'Removed'} ${found.count} leftover(s) of saves cut off by a crash from ${source}${size}.`);
  }
  for (const [source, error] of Object.entries(report.leftoverErrors)) console.error(`  could not look for leftovers of cut-off saves in ${source}: ${error}`);
  const sources = Object.entries(report.bySource).map(([source, tally]) => `${tally.files} from ${source} (${megabytes(tally.bytes)})`).join(', ');
  if (dryRun) {
    console.log(report.total === 0 ? `Nothing to move: all ${report.alreadyThere} file(s) are in ${to}.` : `Would move ${report.total} file(s), ${megabytes(report.totalBytes)}, to ${to}: ${sources}. ${report.alreadyThere} already there.`);
    return;
  }
  if (report.total === 0) console.log(`Nothing to move: all ${report.alreadyThere} file(s) are in ${to}.`);
  else console.log(`Moved ${report.moved} of ${report.total} file(s), ${megabytes(report.movedBytes)}, to ${to}. ${report.alreadyThere} were already there.`);
  for (const skipped of report.skipped) console.log(`  skipped ${skipped.fileId} of user ${skipped.userId} (${skipped.source}): ${skipped.reason}`);
  for (const failed of report.failed) console.error(`  failed ${failed.fileId} of user ${failed.userId} (${failed.source}): ${failed.error}`);
  if (report.stopped) console.log('Stopped before the end: run the same command again to go on.');
  if (fileStrategy !== to && report.moved > 0) console.log(`New uploads still go to fileStrategy ${fileStrategy}: set fileStrategy: ${to} in librechat.yaml and restart chatbox to keep them in ${to}.`);
  // Scripts read the exit code: a file that could not move is a failure to look at; running again retries it.
  if (report.failed.length > 0) throw new CliError(`${report.failed.length} file(s) could not move and stay where they were; run again to retry them`);
}
