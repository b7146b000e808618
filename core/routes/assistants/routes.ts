import type { FastifyInstance } from 'fastify';
import { findAssistantsEndpoint, openAssistantsConnection } from '../../assistants/assistants-endpoint.js';
import { namesModelsFrom } from '../../assistants/offered-endpoints.js';
import { resolveFileLimits } from '../../files/index.js';
import type { UploadContext } from '../files/receive-upload.js';
import type { CapabilityToolFactories } from '../../assistants/run/run-tools.js';
import { createActionToolFactory } from '../../assistants/actions/action-tools.js';
import { codeInterpreterCapability } from '../../assistants/capabilities/code-interpreter-capability.js';
import { imageVisionCapability } from '../../assistants/capabilities/image-vision-capability.js';
import { retrievalCapability } from '../../assistants/capabilities/retrieval-capability.js';
import { createKeyVault } from '../../keys/key-vault.js';
import { toPluginLogger } from '../../plugin-host/plugin-logger.js';
import { createLazySandbox, createPythonSandbox, sandboxOptionsFromEnv } from '../../sandbox/index.js';
import { assistantActionRoutes } from './action-routes.js';
import { assistantAvatarRoutes } from './avatar-routes.js';
import { assistantChatRoutes } from './chat-routes.js';
import { assistantReadRoutes } from './read-routes.js';
import { assistantWriteRoutes } from './write-routes.js';

/**
 * /api/assistants (issue 18 §1): chatbox's own assistants behind LibreChat v0.7.1's routes. Every
 * route answers the catalogue's unknown_endpoint (400) when the assistants endpoint is off, and 404
 * for an assistant that is not the caller's. Runs (/chat) execute on chatbox's own engine.
 */
export async function assistantsRoutes(app: FastifyInstance): Promise<void> {
  const endpoint = findAssistantsEndpoint(app.endpoints, app.config);
  // modelsFrom turns the endpoint on even without a key of its own (the provider plugin says so at
  // setup): it is off here only when ENDPOINTS leaves it out.
  if (!endpoint && namesModelsFrom(app.config)) app.log.warn('endpoints.assistants.modelsFrom (or ASSISTANTS_MODELS_FROM) is set, but the assistants endpoint is off: ENDPOINTS leaves it out');
  // The files routes log the yaml's invalid MIME patterns; once is enough.
  const uploads: UploadContext = {
    storages: app.chat.fileStorages,
    limits: resolveFileLimits(app.config.yaml.fileConfig, () => {}),
    store: app.store,
    log: app.log,
    imageOutputType: app.config.yaml.imageOutputType,
  };
  const vault = createKeyVault(app.config.secrets.credsKey);
  const rules = { allowedDomains: app.config.yaml.actions.allowedDomains, allowedHosts: app.config.yaml.ssrf?.allowedHosts ?? [] };
  // Registered before the read routes: GET /api/assistants/actions is not an assistant id.
  await app.register(assistantActionRoutes, { endpoint, vault, rules });
  await app.register(assistantReadRoutes, { endpoint });
  await app.register(assistantWriteRoutes, { endpoint, uploads });
  await app.register(assistantAvatarRoutes, { endpoint, uploads });
  // One sandbox for the server, started by the first program an assistant runs.
  const sandbox = createLazySandbox(() => createPythonSandbox(sandboxOptionsFromEnv(app.config.env, app.config.dataDir)));
  app.addHook('onClose', () => sandbox.close());
  const factories: CapabilityToolFactories = {
    code_interpreter: codeInterpreterCapability(app.chat, sandbox),
    retrieval: retrievalCapability(app.chat, endpoint?.settings.retrievalModels ?? []),
    image_vision: imageVisionCapability(app.chat, app.config.env.ASSISTANTS_VISION_MODEL, endpoint && ((userId, model) => openAssistantsConnection(app.chat, endpoint, userId, model))),
  };
  // The first registered action-executor runs actions (plugins/actions/openapi); a server built without
  // one still stores actions, and runs leave their functions out (run-tools.ts logs why).
  const [executorPlugin] = app.plugins.list('action-executor');
  if (executorPlugin) {
    const log = toPluginLogger(app.log.child({ plugin: `action-executor:${executorPlugin.name}` }));
    const executor = await app.plugins.setup('action-executor', executorPlugin.name, {}, log);
    factories.actions = createActionToolFactory({ store: app.store, vault, executor, rules, log });
  }
  await app.register(assistantChatRoutes, { endpoint, factories });
}
