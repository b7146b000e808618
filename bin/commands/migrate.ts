import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Command, Option } from 'commander';
import { envSchema } from '../../config/index.js';
import type { PluginLogger } from '../../core/plugin-api/index.js';
import { createSearchIndex } from '../../core/search/create-search-index.js';
import type { StepReport } from '../../core/store/mongo/copy/index.js';
import type { MongoStore } from '../../core/store/mongo/index.js';
import { DATABASE_FILE } from '../../config/data-dir.js';
import { createSqliteStore } from '../../core/store/sqlite/index.js';
import { CliError } from './shared/cli-error.js';
import { createProgressPrinter } from './shared/progress-bar.js';
import { valueOrPrompt } from './shared/prompt.js';
import { runAction } from './shared/run-action.js';

interface MigrateOptions {
  to?: string;
  fromDataDir: string;
  batchSize: string;
  restart?: boolean;
}

/** chatbox migrate --to mongodb://… [--from-data-dir ./data]: copies the SQLite data into MongoDB. */
export function migrateCommand(): Command {
  return new Command('migrate')
    .description('copy everything from the SQLite data directory into MongoDB (safe to re-run; resumes where it stopped)')
    .addOption(new Option('--to <mongodb-uri>', 'the MongoDB to copy into (its path names the database, default chatbox; asked when omitted on a terminal)').env('MONGO_URI'))
    .addOption(new Option('--from-data-dir <dir>', 'the data directory holding chatbox.sqlite').env('CHATBOX_DATA_DIR').default('./data'))
    .option('--batch-size <records>', 'records read and written per batch', '500')
    .option('--restart', 'ignore the recorded progress and copy every record again (still without duplicates)')
    .action(runAction(migrate));
}

/** The URI as it may be printed: the password never reaches a terminal or a log. */
function withoutPassword(uri: string): string {
  return uri.replace(/^(mongodb(?:\+srv)?:\/\/)[^@/]*@/, '$1***@');
}

async function migrate(options: MigrateOptions): Promise<void> {
  const batchSize = Number(options.batchSize);
  if (!Number.isInteger(batchSize) || batchSize < 1) throw new CliError('--batch-size must be a whole number of at least 1');
  const filename = join(resolve(options.fromDataDir), DATABASE_FILE);
  if (!existsSync(filename)) throw new CliError(`no chatbox database at ${filename} (point --from-data-dir at the data directory)`);
  const to = await valueOrPrompt(options.to, '--to', 'MongoDB connection string to copy into: ');
  if (!/^mongodb(\+srv)?:\/\//.test(to)) throw new CliError('--to must be a mongodb:// or mongodb+srv:// connection string');

  const source = createSqliteStore({ filename });
  let target: MongoStore | undefined;
  try {
    target = await openTarget(to);
    console.log(`Copying ${filename} into ${withoutPassword(to)} (database ${target.database.databaseName})`);
    const started = Date.now();
    const printer = createProgressPrinter();
    const { copyToMongo } = await import('../../core/store/mongo/copy/index.js');
    const reports = await copyToMongo({
      source,
      target,
      batchSize,
      restart: options.restart,
      onProgress: (report) => printer.update(report.step, report.processed, report.total),
      onStepDone: (report) => printer.finish(report.step, report.processed, report.total, describe(report)),
    });
    printSummary(reports, Date.now() - started);
    await reindexSearch(target);
  } finally {
    await target?.close();
    await source.close();
  }
  console.log('To serve from MongoDB, set MONGO_URI to this connection string and restart chatbox.');
}

async function openTarget(uri: string): Promise<MongoStore> {
  // The MongoDB driver loads when this command runs, not with every chatbox command (serve included).
  const { createMongoStore } = await import('../../core/store/mongo/index.js');
  try {
    return await createMongoStore({ uri });
  } catch (error) {
    // Unreachable or malformed: the driver's message says which, and never contains the password.
    if (error instanceof Error && error.name.startsWith('Mongo')) throw new CliError(`cannot open ${withoutPassword(uri)}: ${error.message}`);
    throw error;
  }
}

const quietLogger: PluginLogger = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

/**
 * The copy bypasses the search outbox, so with Meilisearch configured its index is rebuilt from
 * MongoDB here. The data is copied whatever happens: a Meilisearch that does not answer only earns
 * a warning and the command to run later.
 */
async function reindexSearch(store: MongoStore): Promise<void> {
  const parsed = envSchema.safeParse(process.env);
  if (!process.env.MEILI_HOST || !parsed.success || !parsed.data.SEARCH) return;
  const later = 'run "chatbox search reindex" with MONGO_URI set once it answers, so search covers the copied conversations';
  if (!parsed.data.MEILI_MASTER_KEY) return console.log(`Meilisearch needs MEILI_MASTER_KEY too: set it and ${later}.`);
  console.log('Rebuilding the Meilisearch index from MongoDB…');
  try {
    const index = createSearchIndex({ config: { env: parsed.data }, store, logger: quietLogger });
    const counts = await index.reindex();
    console.log(`Search: ${counts.convos} conversations, ${counts.messages} messages and ${counts.document_chunks ?? 0} document passages indexed in Meilisearch.`);
  } catch (error) {
    console.error(`warning: Meilisearch was not updated (${error instanceof Error ? error.message : String(error)}): ${later}.`);
  }
}

function describe(report: StepReport): string {
  return `(${report.inserted} new, ${report.updated} changed)`;
}

function printSummary(reports: StepReport[], elapsedMs: number): void {
  const inserted = reports.reduce((sum, report) => sum + report.inserted, 0);
  const updated = reports.reduce((sum, report) => sum + report.updated, 0);
  const read = reports.reduce((sum, report) => sum + report.read, 0);
  console.log(`Done in ${(elapsedMs / 1000).toFixed(1)} s: read ${read}, wrote ${inserted} new and ${updated} changed record(s).`);
  if (inserted + updated === 0) console.log('Nothing new to copy: MongoDB already has every record. Use --restart to compare every record again.');
  console.log('Progress is kept in the migrations_progress collection: run again to copy records added since.');
}
