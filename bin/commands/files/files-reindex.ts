import type { ChatboxConfig } from '../../../config/types.js';
import { createAccessTokens } from '../../../core/auth/access-tokens.js';
import { toPluginLogger } from '../../../core/plugin-host/plugin-logger.js';
import { createDocumentIndex } from '../../../core/search/documents/create-document-index.js';
import { reindexDocuments, type ReindexProgress } from '../../../core/search/documents/reindex-documents.js';
import type { Store } from '../../../core/store/types.js';
import { CliError } from '../shared/cli-error.js';
import { findUserByEmail } from '../shared/find-user.js';
import { commandLog, openFileStorages } from '../shared/open-file-storages.js';

/**
 * chatbox files reindex [--email E]: indexes every stored document whose record is not `embedded`
 * (uploaded before the document index existed, or restored unindexed) with the index the server
 * uses, as an upload is indexed. Progress goes to stderr, the counts to stdout.
 */
export async function filesReindex(config: ChatboxConfig, store: Store, options: { email?: string }): Promise<void> {
  const user = options.email === undefined ? null : await findUserByEmail(store, options.email);
  const storages = await openFileStorages(config).catch((error: unknown) => {
    throw new CliError(`the file storages cannot start: ${error instanceof Error ? error.message : String(error)}`);
  });
  const log = commandLog();
  const documents = createDocumentIndex({ config, store, accessTokens: createAccessTokens(config.secrets.jwtSecret, config.env.SESSION_EXPIRY), logger: toPluginLogger(log) });
  const report = await reindexDocuments({ store, storages, documents, log, ...(user ? { userId: user.id } : {}), onProgress: printProgress });

  const whose = user ? ` of ${user.email}` : '';
  if (report.total === 0) {
    console.log(`Nothing to index: every document${whose} is indexed.`);
    return;
  }
  console.log(`Indexed ${report.indexed} of ${report.total} document(s)${whose}; ${report.unreadable} could not be read (stored, not searchable), ${report.failed} failed, ${report.skipped} skipped.`);
  // Scripts read the exit code: a failure (the index or a storage down) is worth a retry, unlike an unreadable file.
  if (report.failed > 0) throw new CliError(`${report.failed} document(s) could not be indexed; run again to retry them`);
}

function printProgress(progress: ReindexProgress): void {
  const width = String(progress.total).length;
  const reason = progress.reason ? `: ${progress.reason}` : '';
  console.error(`[${String(progress.done).padStart(width)}/${progress.total}] ${progress.outcome} ${progress.file.file_id} "${progress.file.filename}" of user ${progress.file.user}${reason}`);
}
