import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Command } from 'commander';
import { createAccessTokens } from '../../core/auth/access-tokens.js';
import { toPluginLogger } from '../../core/plugin-host/plugin-logger.js';
import { importAnyExport } from '../../core/portability/import-any-export.js';
import { createDocumentIndex } from '../../core/search/documents/create-document-index.js';
import { indexDocument } from '../../core/search/documents/index-document.js';
import type { ImportProgress } from '../../core/portability/import-conversations.js';
import { systemErrorCode } from '../../config/system-error-code.js';
import { configOption, dataDirOption } from './shared/common-options.js';
import { commandLog, openFileStorages } from './shared/open-file-storages.js';
import { CliError } from './shared/cli-error.js';
import { userFromEmailOption } from './shared/find-user.js';
import { withContext } from './shared/open-context.js';
import { runAction } from './shared/run-action.js';

interface ImportOptions {
  config?: string;
  dataDir: string;
  email?: string;
}

// Progress is written at most this often: a line per conversation would flood a log for large exports.
const progressIntervalMs = 500;

/**
 * chatbox import --email E FILE: imports a conversation export (ChatGPT, Claude, LibreChat, chatbox,
 * Open WebUI, chatbot-ui; told apart by content) into a user's conversations, or restores a
 * `chatbox export` archive (conversations, presets, files), with the importer the API uses and no
 * size limit. Progress goes to stderr, the summary to stdout.
 */
export function importCommand(): Command {
  return new Command('import')
    .description("import a conversation export (ChatGPT, Claude, LibreChat, chatbox, Open WebUI, chatbot-ui) or a `chatbox export` archive into a user's account")
    .argument('<file>', 'the export file (JSON) or archive (.tar.gz)')
    .option('-e, --email <email>', 'the account email (asked when omitted on a terminal)')
    .addOption(configOption())
    .addOption(dataDirOption())
    .action(runAction(async (file: string, options: ImportOptions) => {
      const size = await fileSize(file);
      await withContext(options, async ({ config, store }) => {
        const user = await userFromEmailOption(store, options.email);
        const input = createReadStream(file);
        let lastPrinted = 0;
        const printProgress = (progress: ImportProgress, force = false) => {
          const now = Date.now();
          if (!force && now - lastPrinted < progressIntervalMs) return;
          lastPrinted = now;
          const percent = size > 0 ? Math.floor((input.bytesRead / size) * 100) : 100;
          console.error(`  ${percent}% read, ${progress.processed} conversations: ${progress.imported} imported, ${progress.skipped} already there, ${progress.failed} failed`);
        };
        // An archive's files go to fileStrategy's storage; a storage that cannot start only matters to them.
        const storages = await openFileStorages(config).catch((error: unknown) => {
          console.error(`  the file storages cannot start (${error instanceof Error ? error.message : String(error)}): an archive's files will not be restored`);
          return null;
        });
        const log = commandLog();
        // A restored document is indexed as the server indexes an upload, so it answers as context at once.
        const documents = createDocumentIndex({ config, store, accessTokens: createAccessTokens(config.secrets.jwtSecret, config.env.SESSION_EXPIRY), logger: toPluginLogger(log) });
        const result = await importAnyExport({
          store,
          userId: user.id,
          target: storages?.current ?? null,
          afterStore: storages ? (record) => indexDocument(record, { store, storages, documents, log }) : undefined,
          input,
          onProgress: (progress) => printProgress(progress),
        });
        for (const failure of result.failed) console.error(`  skipped "${failure.name}": ${failure.reason}`);
        if (result.failedCount > result.failed.length) console.error(`  … and ${result.failedCount - result.failed.length} more`);
        console.log(
          `Imported ${result.imported} conversation(s) for ${user.email}${result.format ? ` from a ${result.format} export` : ''}; ${result.skipped} already imported, ${result.failedCount} failed.`,
        );
        if ('presets' in result) {
          console.log(`Restored ${result.presets} preset(s) and ${result.files.imported} file(s); ${result.files.skipped} file(s) already there, ${result.files.failed} failed.`);
        }
        if (result.error) throw new CliError(`${file}: ${result.error}`);
      });
    }));
}

async function fileSize(file: string): Promise<number> {
  try {
    return (await stat(file)).size;
  } catch (error) {
    if (systemErrorCode(error) === 'ENOENT') throw new CliError(`${file}: no such file`);
    throw error;
  }
}
