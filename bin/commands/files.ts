import { Command, Option } from 'commander';
import { configOption, dataDirOption } from './shared/common-options.js';
import { withContext } from './shared/open-context.js';
import { runAction } from './shared/run-action.js';
import { filesMigrate } from './files/files-migrate.js';
import { filesReindex } from './files/files-reindex.js';
import { filesStatus, renderFilesStatus } from './files/files-status.js';

interface Common {
  config?: string;
  dataDir: string;
}

/** chatbox files status|migrate|reindex: where uploaded files live, moving them between storages, indexing documents. */
export function filesCommand(): Command {
  const files = new Command('files').description('uploaded files: where they live, and moving them between storages');

  files
    .command('status')
    .description('show the data dir layout, the file storage in use, files and bytes per storage, and the per-user quota')
    .addOption(configOption())
    .addOption(dataDirOption())
    .option('--json', 'print JSON')
    .action(runAction(async (options: Common & { json?: boolean }) => {
      await withContext(options, async ({ config, store }) => {
        const status = await filesStatus(config, store);
        console.log(options.json ? JSON.stringify(status, null, 2) : renderFilesStatus(status));
      });
    }));

  files
    .command('migrate')
    .description('move every file stored elsewhere into one storage (safe to re-run; resumes where it stopped)')
    .addOption(new Option('--to <strategy>', 'the storage to move files into (local, s3 …)').makeOptionMandatory())
    .option('--dry-run', 'count what would move, and move nothing')
    .addOption(configOption())
    .addOption(dataDirOption())
    .action(runAction(async (options: Common & { to: string; dryRun?: boolean }) => {
      await withContext(options, ({ config, store }) => filesMigrate(config, store, options));
    }));

  files
    .command('reindex')
    .description('index every stored document not indexed yet (uploaded before the document index existed), so turns can use it')
    .option('-e, --email <email>', "only this user's documents (every user's when omitted)")
    .addOption(configOption())
    .addOption(dataDirOption())
    .action(runAction(async (options: Common & { email?: string }) => {
      await withContext(options, ({ config, store }) => filesReindex(config, store, options));
    }));

  return files;
}
