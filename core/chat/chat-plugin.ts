import fp from 'fastify-plugin';
import { createAbortRegistry } from './abort-registry.js';
import { createBalance } from './balance.js';
import type { ChatServices } from './chat-services.js';
import { createMessageLimits } from './message-limits.js';
import { createModelCatalog } from '../endpoints/model-catalog.js';
import { defaultStreamTimings } from './stream-watchdog.js';
import { createTitleService } from './titles.js';
import { createGuardedFetch } from '../net/guarded-fetch.js';
import { createCredentialsResolver } from '../endpoints/user-credentials.js';
import { setUpFileStorages } from '../plugin-host/file-storages.js';
import { toPluginLogger } from '../plugin-host/plugin-logger.js';
import { createDocumentIndex } from '../search/documents/create-document-index.js';
import { createKeyVault } from '../keys/key-vault.js';
import { createPluginAuths } from '../tools/plugin-auths.js';
import { createToolCatalogue } from '../tools/tool-catalogue.js';
import { startMcpServers } from '../tools/mcp/mcp-servers.js';
import { resolveToolCredentials } from '../tools/tool-credentials.js';
import { defaultToolCallLimits } from '../tools/run-tool-call.js';
import { createToolFileSaver } from '../tools/tool-files.js';
import { createApprovalRegistry } from '../tools/tool-approvals.js';
import { resolveFileLimits } from '../files/index.js';
import { agentStepLimit, defaultToolsConfig } from '../../config/schema/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    chat: ChatServices;
  }
}

export interface ChatPluginOptions {
  /** Connect to the yaml's `mcpServers` (default); tests of other things leave them alone. */
  connectMcpServers?: boolean;
}

/** Decorates `app.chat`: the services every turn shares (limits, aborts, titles, balance, models). */
export const chatPlugin = fp<ChatPluginOptions>(
  async (app, options) => {
    const balance = createBalance(app.store, app.config.balance);
    // Set up at start, so a misspelled fileStrategy stops the server.
    const fileStorages = await setUpFileStorages(app);
    // In the background: an MCP server that is down or slow never holds up the start.
    const mcpServers = startMcpServers(options.connectMcpServers === false ? {} : (app.config.yaml.mcpServers ?? {}), {
      env: app.config.rawEnv,
      logFor: (server) => toPluginLogger(app.log.child({ mcpServer: server })),
    });
    app.addHook('onClose', () => mcpServers.close());
    const tools = await createToolCatalogue(app, [mcpServers]);
    // The vault of provider keys, under the same CREDS_KEY; each value is bound to user, tool and field.
    const pluginAuths = createPluginAuths({ store: app.store, vault: createKeyVault(app.config.secrets.credsKey), log: app.log });
    app.decorate('chat', {
      store: app.store,
      env: app.config.env,
      log: app.log,
      aborts: createAbortRegistry(app.coordination.turns, app.log),
      live: app.coordination.liveReplies,
      limits: createMessageLimits(app.config.env, app.auth.bans, app.coordination, app.log),
      balance,
      // Redis being down is logged by the coordination once; a miss here only costs a fetch.
      models: createModelCatalog({ cache: app.coordination.cache('models'), onCacheError: (error) => app.log.debug({ err: error }, 'model list cache unavailable') }),
      titles: createTitleService({ store: app.store, balance, log: app.log, handoff: app.coordination.handoff }),
      credentials: createCredentialsResolver(app.userKeys),
      timings: { ...defaultStreamTimings },
      guardedFetch: createGuardedFetch(app.config.yaml.ssrf?.allowedHosts ?? []),
      fileStorages,
      imageOutputType: app.config.yaml.imageOutputType,
      documents: createDocumentIndex({ config: app.config, store: app.store, accessTokens: app.auth.accessTokens, logger: toPluginLogger(app.log) }),
      tools,
      // The files routes log fileConfig's problems once; the same limits are read here quietly.
      toolFiles: createToolFileSaver({ store: app.store, storages: fileStorages, limits: resolveFileLimits(app.config.yaml.fileConfig, () => undefined) }),
      pluginAuths,
      toolCredentials: async (userId, { key, tool }) => resolveToolCredentials(tool.manifest, await pluginAuths.read(userId, key), app.config.rawEnv),
      approvals: createApprovalRegistry({ directory: app.coordination.turns, log: app.log }),
      agent: {
        maxSteps: agentStepLimit(app.config.yaml.endpoints?.agents),
        toolCall: { ...defaultToolCallLimits },
        approvalTimeoutMs: (app.config.yaml.tools ?? defaultToolsConfig).approvalTimeout,
      },
    } satisfies ChatServices);
  },
  { name: 'chatbox-chat', dependencies: ['chatbox-store', 'chatbox-auth', 'chatbox-user-keys', 'chatbox-coordination'] },
);
