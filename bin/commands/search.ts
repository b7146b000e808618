import { Command } from 'commander';
import type { PluginLogger } from '../../core/plugin-api/index.js';
import { createSearchIndex } from '../../core/search/create-search-index.js';
import type { ReindexProgress, SearchIndex } from '../../core/search/types.js';
import { configOption, dataDirOption } from './shared/common-options.js';
import { CliError } from './shared/cli-error.js';
import { withContext } from './shared/open-context.js';
import { runAction } from './shared/run-action.js';

interface Common {
  config?: string;
  dataDir: string;
}

const backendLabels: Record<SearchIndex['backend'], string> = { sqlite: 'embedded (SQLite FTS5)', meilisearch: 'Meilisearch', none: 'off' };
const indexLabels: Record<ReindexProgress['index'], string> = { convos: 'conversations', messages: 'messages', document_chunks: 'document passages' };

const consoleLogger: PluginLogger = {
  debug: () => {},
  info: (message, fields) => console.log(message, fields ?? ''),
  warn: (message, fields) => console.error(`warning: ${message}`, fields ?? ''),
  error: (message, fields) => console.error(`error: ${message}`, fields ?? ''),
};

function printProgress({ index, done, total }: ReindexProgress): void {
  console.log(`  ${indexLabels[index]}: ${done}${total === undefined ? '' : `/${total}`}`);
}

/** chatbox search reindex|status: the conversation search index of the configured backend. */
export function searchCommand(): Command {
  const search = new Command('search').description('the conversation search index');

  search
    .command('reindex')
    .description('rebuild the search index from the stored conversations and messages (and document passages, on Meilisearch)')
    .addOption(configOption())
    .addOption(dataDirOption())
    .action(runAction(async (options: Common) => {
      await withContext(options, async ({ config, store }) => {
        const index = createSearchIndex({ config, store, logger: consoleLogger });
        if (index.backend === 'none') throw new CliError('search is off (SEARCH=false, or MongoDB without Meilisearch): there is no index to rebuild');
        console.log(`Rebuilding the ${backendLabels[index.backend]} search index…`);
        const counts = await index.reindex(printProgress);
        const records = [`${counts.convos} conversations`, `${counts.messages} messages`];
        // Only Meilisearch holds document passages of its own; the embedded index ranks them from the store.
        if (counts.document_chunks !== undefined) records.push(`${counts.document_chunks} document passages`);
        console.log(`Done: ${records.slice(0, -1).join(', ')} and ${records.at(-1)} indexed.`);
      });
    }));

  search
    .command('status')
    .description('show the search backend, whether it answers, and the changes waiting for Meilisearch')
    .addOption(configOption())
    .addOption(dataDirOption())
    .action(runAction(async (options: Common) => {
      await withContext(options, async ({ config, store }) => {
        const index = createSearchIndex({ config, store, logger: consoleLogger });
        console.log(`Backend: ${backendLabels[index.backend]}`);
        if (index.backend === 'none') return;
        const available = await index.isEnabled();
        console.log(`Available: ${available ? 'yes' : 'no'}`);
        if (index.backend === 'meilisearch') console.log(`Waiting in the outbox: ${await store.searchOutbox.count()}`);
        // Monitoring and scripts read the exit code, not the words.
        if (!available) throw new CliError(`the ${backendLabels[index.backend]} search backend does not answer${index.backend === 'meilisearch' ? ` at ${config.env.MEILI_HOST}` : ''}`);
      });
    }));
  return search;
}
