import { z } from 'zod';
import { balanceSchema } from './balance.js';
import { endpointsSchema } from './endpoints/index.js';
import { fileConfigSchema } from './file-config.js';
import { interfaceSchema } from './interface.js';
import { mcpServersSchema } from './mcp-servers.js';
import { modelSpecsSchema } from './model-specs.js';
import { rateLimitsSchema } from './rate-limits.js';
import { registrationSchema } from './registration.js';
import { ssrfSchema } from './ssrf.js';
import { actionsSchema } from './actions.js';
import { toolsSchema } from './tools.js';
import { versionSchema } from './version.js';

/**
 * librechat.yaml, config versions 1.0 to 1.3.x: the parts chatbox reads. Every object is strict: the
 * validator lists LibreChat keys it does not read as ignored and other unknown keys as warnings (see
 * validate.ts and librechat-keys.ts), so typos surface without making any LibreChat file unusable.
 */
export const configSchema = z.strictObject({
  version: versionSchema,
  /** false: LibreChat re-reads the file on every access; chatbox keeps the flag for callers that care. */
  cache: z.boolean().default(true),
  /**
   * Where uploads are stored. LibreChat's list grows between versions (azure_blob, cloudfront, …) and
   * chatbox does not store uploads yet, so any name is accepted (and listed as ignored at start).
   */
  fileStrategy: z.string().min(1).default('local'),
  /** Serve `/images/*` only to signed-in users (cookie checked). */
  secureImageLinks: z.boolean().default(false),
  imageOutputType: z.enum(['png', 'webp', 'jpeg']).default('png'),
  interface: interfaceSchema.optional(),
  registration: registrationSchema.prefault({}),
  rateLimits: rateLimitsSchema.optional(),
  fileConfig: fileConfigSchema.optional(),
  endpoints: endpointsSchema.optional(),
  modelSpecs: modelSpecsSchema.optional(),
  ssrf: ssrfSchema.prefault({}),
  actions: actionsSchema.prefault({}),
  balance: balanceSchema.optional(),
  mcpServers: mcpServersSchema.optional(),
  /** chatbox's: which tools wait for the user's approval (tools.ts). */
  tools: toolsSchema.optional(),
});

export type LibreChatConfig = z.output<typeof configSchema>;

export { SUPPORTED_CONFIG_VERSION, isNewerThanSupported } from './version.js';
export { builtInEndpoints, type BuiltInEndpoint } from './common.js';
export { interfaceSchema, type InterfaceConfig } from './interface.js';
export { registrationSchema, socialLoginProviders, type RegistrationConfig, type SocialLoginProvider } from './registration.js';
export { rateLimitsSchema, type RateLimitsConfig } from './rate-limits.js';
export { fileConfigSchema, endpointFileConfigSchema, type FileConfig, type EndpointFileConfig } from './file-config.js';
export { ssrfSchema, type SsrfConfig } from './ssrf.js';
export { actionsSchema, type ActionsConfig } from './actions.js';
export { balanceSchema, refillIntervalUnits, type BalanceConfig, type RefillIntervalUnit } from './balance.js';
export * from './endpoints/index.js';
export { mcpServersSchema, mcpTransportOf, DEFAULT_MCP_TIMEOUT_MS, DEFAULT_MCP_INIT_TIMEOUT_MS, type McpServerConfig, type McpServersConfig, type McpTransport } from './mcp-servers.js';
export { toolsSchema, defaultToolsConfig, DEFAULT_APPROVAL_TIMEOUT_MS, type ToolsConfig } from './tools.js';
