import type { FastifyBaseLogger } from 'fastify';
import type { ServerEnv } from '../../config/env.js';
import type { ModelCatalog } from '../endpoints/model-catalog.js';
import type { CredentialsResolver } from '../endpoints/user-credentials.js';
import type { DocumentIndex } from '../files/index.js';
import type { FileStorages } from '../plugin-host/file-storages.js';
import type { Store } from '../store/types.js';
import type { ToolCallLimits } from '../tools/run-tool-call.js';
import type { PluginAuths } from '../tools/plugin-auths.js';
import type { ToolCatalogue, ResolvedTool } from '../tools/tool-catalogue.js';
import type { ToolCredentials } from '../tools/tool-credentials.js';
import type { ToolFileSaver } from '../tools/tool-files.js';
import type { ApprovalRegistry } from '../tools/tool-approvals.js';
import type { AbortRegistry } from './abort-registry.js';
import type { LiveReplies } from '../coordination/live-replies.js';
import type { Balance } from './balance.js';
import type { MessageLimits } from './message-limits.js';
import type { StreamTimings } from './stream-watchdog.js';
import type { TitleService } from './titles.js';

/** Everything a turn needs besides its request. */
export interface ChatServices {
  store: Store;
  env: ServerEnv;
  log: FastifyBaseLogger;
  aborts: AbortRegistry;
  /** The replies streaming now, for clients that re-attach to one (a reload, a second tab). */
  live: LiveReplies;
  limits: MessageLimits;
  balance: Balance;
  models: ModelCatalog;
  titles: TitleService;
  credentials: CredentialsResolver;
  /** Keep-alive and upstream silence limits of every turn's stream. */
  timings: StreamTimings;
  /** For upstream calls to a base URL a user supplied: refuses private addresses (SSRF). */
  guardedFetch: typeof globalThis.fetch;
  /** Where uploaded files are: turns read attached images from them, the files routes write them. */
  fileStorages: FileStorages;
  /** librechat.yaml `imageOutputType`: images resized for a provider are encoded as this. */
  imageOutputType: 'png' | 'webp' | 'jpeg';
  /** Documents attached to chats: indexed at upload, their text or best passages read by turns. */
  documents: DocumentIndex;
  /** The tools turns may offer (the registered `tool` plugins), by LibreChat plugin key. */
  tools: ToolCatalogue;
  /** Keeps the files tools make (generated images) as the user's files: ToolContext.saveFile. */
  toolFiles: ToolFileSaver;
  /** The tool credentials users entered in the plugin store (encrypted; GET/POST /api/user/plugins). */
  pluginAuths: PluginAuths;
  /** A tool's credentials for one call of this user: their stored ones, else the operator's environment. */
  toolCredentials(userId: string, tool: ResolvedTool): Promise<ToolCredentials>;
  /** Tool calls waiting for their user's approval (POST /api/ask/approval answers them). */
  approvals: ApprovalRegistry;
  /**
   * The agent loop's bounds: model calls per turn (librechat.yaml `endpoints.agents.recursionLimit`),
   * each tool call's, and how long a call marked `requiresApproval` waits (`tools.approvalTimeout`).
   */
  agent: { maxSteps: number; toolCall: ToolCallLimits; approvalTimeoutMs: number };
}
