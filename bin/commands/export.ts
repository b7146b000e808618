import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Command } from 'commander';
import { systemErrorCode } from '../../config/system-error-code.js';
import { writeUserArchive, type ArchiveProgress } from '../../core/portability/archive/write-archive.js';
import { configOption, dataDirOption } from './shared/common-options.js';
import { CliError } from './shared/cli-error.js';
import { userFromEmailOption } from './shared/find-user.js';
import { megabytes } from './shared/megabytes.js';
import { openFileStorages } from './shared/open-file-storages.js';
import { withContext } from './shared/open-context.js';
import { runAction } from './shared/run-action.js';

interface ExportOptions {
  config?: string;
  dataDir: string;
  email?: string;
  out?: string;
}

// As `chatbox import`: a line per conversation would flood a log for a large account.
const progressIntervalMs = 500;

/**
 * chatbox export --email E [--out FILE]: the export-all archive of one user (what Settings → Data →
 * Export all downloads), written to a file as it is produced. Progress on stderr, the summary on stdout.
 */
export function exportCommand(): Command {
  return new Command('export')
    .description("write one user's conversations, presets and files to an archive that `chatbox import` restores on another instance")
    .option('-e, --email <email>', 'the account email (asked when omitted on a terminal)')
    .option('-o, --out <file>', 'the archive to write (default: chatbox-export-<date>.tar.gz)')
    .addOption(configOption())
    .addOption(dataDirOption())
    .action(runAction(async (options: ExportOptions) => {
      await withContext(options, async ({ config, store }) => {
        const user = await userFromEmailOption(store, options.email);
        const storages = await openFileStorages(config).catch((error: unknown) => {
          throw new CliError(`the file storages cannot start: ${error instanceof Error ? error.message : String(error)}`);
        });
        const out = options.out ?? `chatbox-export-${new Date().toISOString().slice(0, 10)}.tar.gz`;
        let bytes = 0;
        let counts: ArchiveProgress = { conversations: 0, files: 0 };
        let lastPrinted = 0;
        const printProgress = () => {
          const now = Date.now();
          if (now - lastPrinted < progressIntervalMs) return;
          lastPrinted = now;
          console.error(`  ${megabytes(bytes)} written: ${counts.files} files, ${counts.conversations} conversations`);
        };
        const counter = new Transform({
          transform(chunk: Buffer, _encoding, callback) {
            bytes += chunk.length;
            printProgress();
            callback(null, chunk);
          },
        });
        const archive = writeUserArchive({ store, storages, user, onProgress: (progress) => (counts = progress) });
        await pipeline(archive, counter, createWriteStream(out, { flags: 'wx' })).catch(async (error: unknown) => {
          if (systemErrorCode(error) === 'EEXIST') throw new CliError(`${out} exists already; pick another --out`);
          // Half an archive would import as a broken one: better none.
          await rm(out, { force: true });
          throw error;
        });
        console.log(`Exported ${counts.conversations} conversation(s) and ${counts.files} file(s) of ${user.email} to ${out} (${megabytes(bytes)}).`);
      });
    }));
}
