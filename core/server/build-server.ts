import { join } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { packageRoot } from '../../config/package-root.js';
import type { ChatboxConfig } from '../../config/types.js';
import { authPlugin } from '../auth/auth-plugin.js';
import type { OAuthEndpointOverrides } from '../auth/oauth/provider-descriptor.js';
import { chatPlugin } from '../chat/chat-plugin.js';
import { coordinationPlugin } from './coordination-plugin.js';
import type { ConfiguredEndpoint } from '../endpoints/configured-endpoint.js';
import { configuredEndpoints } from '../endpoints/configured-endpoints.js';
import { userKeysPlugin } from '../keys/user-keys.js';
import type { PluginDefinition } from '../plugin-api/index.js';
import { createPluginRegistry, type PluginRegistry } from '../plugin-host/plugin-registry.js';
import { registerRoutes } from '../routes/index.js';
import { searchPlugin } from '../search/search-plugin.js';
import { createStore } from '../store/create-store.js';
import type { Store } from '../store/types.js';
import { endpointsPlugin } from './endpoints-plugin.js';
import { registerErrorHandler } from './error-handler.js';
import { registerJsonBodyParser } from './json-body.js';
import { registerRequestLog, RequestLogController } from './request-log.js';
import { registerSecurityHeaders } from './security-headers.js';
import { storePlugin } from './store-plugin.js';
import { uiPlugin } from './ui-plugin.js';

export interface BuildServerOptions {
  /** An open store; by default one is created from the config (SQLite in the data dir). */
  store?: Store;
  /** The built-in plugins (plugins/index.ts); core never imports them itself. */
  plugins?: PluginDefinition[];
  /** Chat endpoints already set up (tests); by default none until providers are configured. */
  endpoints?: ConfiguredEndpoint[];
  logger?: FastifyServerOptions['logger'];
  /** Trust X-Forwarded-* from a reverse proxy (request.ip, protocol). */
  trustProxy?: FastifyServerOptions['trustProxy'];
  /** Where the built UI lives; defaults to ui/dist of the package. */
  uiDistDir?: string;
  /** Social-login provider URLs instead of the public ones (tests point them at a loopback fake). */
  oauthEndpoints?: OAuthEndpointOverrides;
  /** Connect to the yaml's `mcpServers` (default true; the test harness turns it off unless a test asks). */
  connectMcpServers?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: ChatboxConfig;
    plugins: PluginRegistry;
  }
}

/** Builds the whole server without listening: `serve` listens, tests use `inject`. */
export async function buildServer(config: ChatboxConfig, options: BuildServerOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: options.trustProxy ?? false,
    bodyLimit: 2 * 1024 * 1024,
    logController: new RequestLogController(),
  });
  app.decorate('config', config);
  const plugins = createPluginRegistry(options.plugins ?? []);
  app.decorate('plugins', plugins);
  registerErrorHandler(app);
  registerJsonBodyParser(app);
  registerSecurityHeaders(app);
  registerRequestLog(app);

  const store = options.store ?? (await createStore({ dataDir: config.dataDir, mongoUri: config.env.MONGO_URI }));
  await app.register(storePlugin, { store });
  await app.register(coordinationPlugin, { config });
  // Early, so its wake-on-write hook covers every route registered below.
  await app.register(searchPlugin, { config, store });
  await app.register(fastifyCookie);
  await app.register(authPlugin, { config });
  await app.register(endpointsPlugin, { endpoints: options.endpoints ?? (await configuredEndpoints(config, plugins, app.log)) });
  await app.register(userKeysPlugin, { credsKey: config.secrets.credsKey });
  await app.register(chatPlugin, { connectMcpServers: options.connectMcpServers });

  await registerRoutes(app, { config, oauthEndpoints: options.oauthEndpoints });
  await app.register(uiPlugin, { distDir: options.uiDistDir ?? join(packageRoot(), 'ui', 'dist') });
  return app;
}
