import type { FastifyInstance } from 'fastify';
import { findAssistantsEndpoint } from '../../assistants/assistants-endpoint.js';
import { resolveFileLimits } from '../../files/index.js';
import type { UploadContext } from '../files/receive-upload.js';
import type { CapabilityToolFactories } from '../../assistants/run/run-tools.js';
import { codeInterpreterCapability } from '../../assistants/capabilities/code-interpreter-capability.js';
import { imageVisionCapability } from '../../assistants/capabilities/image-vision-capability.js';
import { retrievalCapability } from '../../assistants/capabilities/retrieval-capability.js';
import { createLazySandbox, createPythonSandbox, sandboxOptionsFromEnv } from '../../sandbox/index.js';
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
  // The files routes log the yaml's invalid MIME patterns; once is enough.
  const uploads: UploadContext = {
    storages: app.chat.fileStorages,
    limits: resolveFileLimits(app.config.yaml.fileConfig, () => {}),
    store: app.store,
    log: app.log,
    imageOutputType: app.config.yaml.imageOutputType,
  };
  await app.register(assistantReadRoutes, { endpoint });
  await app.register(assistantWriteRoutes, { endpoint, uploads });
  await app.register(assistantAvatarRoutes, { endpoint, uploads });
  // One sandbox for the server, started by the first program an assistant runs.
  const sandbox = createLazySandbox(() => createPythonSandbox(sandboxOptionsFromEnv(app.config.env, app.config.dataDir)));
  app.addHook('onClose', () => sandbox.close());
  const factories: CapabilityToolFactories = {
    code_interpreter: codeInterpreterCapability(app.chat, sandbox),
    retrieval: retrievalCapability(app.chat, endpoint?.settings.retrievalModels ?? []),
    image_vision: imageVisionCapability(app.chat, app.config.env.ASSISTANTS_VISION_MODEL),
  };
  await app.register(assistantChatRoutes, { endpoint, factories });
}
