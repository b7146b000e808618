import type { FastifyInstance } from 'fastify';
import type { ChatboxConfig } from '../../config/types.js';
import type { OAuthEndpointOverrides } from '../auth/oauth/provider-descriptor.js';
import { askRoutes } from './ask/routes.js';
import { assistantsRoutes } from './assistants/routes.js';
import { authRoutes } from './auth/routes.js';
import { balanceRoutes } from './balance/routes.js';
import { configRoutes } from './config/routes.js';
import { conversationImportRoutes } from './convos/import-routes.js';
import { conversationsRoutes } from './convos/routes.js';
import { endpointsRoutes } from './endpoints/routes.js';
import { filesRoutes } from './files/routes.js';
import { healthRoutes } from './health/routes.js';
import { keysRoutes } from './keys/routes.js';
import { messagesRoutes } from './messages/routes.js';
import { modelsRoutes } from './models/routes.js';
import { oauthRoutes } from './oauth/routes.js';
import { pluginsRoutes } from './plugins/routes.js';
import { presetsRoutes } from './presets/routes.js';
import { searchRoutes } from './search/routes.js';
import { shareRoutes } from './share/routes.js';
import { tokenizerRoutes } from './tokenizer/routes.js';
import { userExportRoutes } from './user/export-routes.js';
import { userRoutes } from './user/routes.js';

export interface RoutesOptions {
  config: ChatboxConfig;
  /** Social-login provider URLs instead of the public ones (tests point them at a loopback fake). */
  oauthEndpoints?: OAuthEndpointOverrides;
}

/**
 * The API's route list, in one place: a new route folder is one line here. Registered after the
 * services they use (store, search, auth, endpoints, keys, chat) and before the UI's catch-all.
 */
export async function registerRoutes(app: FastifyInstance, { config, oauthEndpoints }: RoutesOptions): Promise<void> {
  await app.register(healthRoutes);
  await app.register(configRoutes, { config });
  await app.register(authRoutes, { config });
  await app.register(oauthRoutes, { config, endpoints: oauthEndpoints });
  await app.register(userRoutes);
  await app.register(endpointsRoutes);
  await app.register(modelsRoutes);
  await app.register(askRoutes);
  await app.register(tokenizerRoutes);
  await app.register(balanceRoutes);
  await app.register(conversationsRoutes);
  await app.register(conversationImportRoutes);
  await app.register(messagesRoutes);
  await app.register(filesRoutes);
  await app.register(presetsRoutes);
  await app.register(userExportRoutes);
  await app.register(keysRoutes);
  await app.register(pluginsRoutes);
  await app.register(assistantsRoutes);
  await app.register(searchRoutes);
  await app.register(shareRoutes);
}
