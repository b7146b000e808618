import { Command } from 'commander';
import type { PluginLogger } from '../../core/plugin-api/index.js';
import { createMemoryCoordination } from '../../core/coordination/memory-coordination.js';
import { redisUriOf } from '../../core/coordination/redis-connection.js';
import { createRedisCoordination } from '../../core/coordination/redis-coordination.js';
import { checkReadiness, readinessBody, type Readiness } from '../../core/routes/health/readiness.js';
import { createSearchIndex } from '../../core/search/create-search-index.js';
import { configOption, dataDirOption } from './shared/common-options.js';
import { withContext } from './shared/open-context.js';
import { runAction } from './shared/run-action.js';

interface StatusOptions {
  config?: string;
  dataDir: string;
  json?: boolean;
}

/** The verdict is the output: the parts' own warnings (Redis not reachable yet …) would only repeat it. */
const quietLogger: PluginLogger = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

function printParts(readiness: Readiness): void {
  const { store, search, redis } = readiness.parts;
  console.log(readiness.ready ? 'chatbox is ready' : 'chatbox is not ready');
  const rows: Array<[string, string, string | undefined]> = [
    ['store', `${store.status} (${store.driver})`, store.detail],
    ['search', `${search.status} (${search.backend})`, search.detail],
    ['redis', redis.status, redis.detail ?? (redis.status === 'off' ? 'REDIS_URI is not set: state stays in this process' : undefined)],
  ];
  for (const [part, status, detail] of rows) console.log(`  ${part.padEnd(7)}${status}${detail ? `: ${detail}` : ''}`);
}

/**
 * chatbox status: what `GET /ready` answers, for the configuration in the environment and
 * librechat.yaml, without a running server. Exit code 0 when ready, 1 when a part is down.
 */
export function statusCommand(): Command {
  return new Command('status')
    .description('check the store, search and Redis of this configuration, as GET /ready does (exit code 1 when one is down)')
    .addOption(configOption())
    .addOption(dataDirOption())
    .option('--json', 'print the result as JSON, the body GET /ready answers')
    .action(runAction(async (options: StatusOptions) => {
      await withContext(options, async ({ config, store }) => {
        const uri = redisUriOf(config.env);
        const coordination = uri ? await createRedisCoordination(uri, config.env, quietLogger) : createMemoryCoordination();
        try {
          const search = createSearchIndex({ config, store, logger: quietLogger });
          const readiness = await checkReadiness({ store, search, coordination });
          if (options.json) console.log(JSON.stringify(readinessBody(readiness), null, 2));
          else printParts(readiness);
          // Scripts and monitoring read the exit code, not the words.
          if (!readiness.ready) process.exitCode = 1;
        } finally {
          await coordination.close();
        }
      });
    }));
}
