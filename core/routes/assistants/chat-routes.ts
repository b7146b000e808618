import type { FastifyInstance } from 'fastify';
import { requireAssistantsEndpoint, type AssistantsEndpoint } from '../../assistants/assistants-endpoint.js';
import { runIds } from '../../assistants/run/plan-run.js';
import { runAssistant } from '../../assistants/run/run-assistant.js';
import type { CapabilityToolFactories } from '../../assistants/run/run-tools.js';
import { openEventStream } from '../../chat/event-stream.js';
import { shareEventStream } from '../../chat/shared-event-stream.js';
import { ChatboxError, NotFoundError, ValidationError } from '../../errors/index.js';
import { assistantAbortRequestSchema, assistantChatRequestSchema } from '../../protocol/assistant-chat.js';
import { parseInput } from '../parse.js';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Runs (wave2 notes §2.8–§2.11): POST /api/assistants/chat streams one run of the caller's assistant
 * on chatbox's own engine (a reload re-attaches to it through GET /api/ask/stream/:conversationId); …/chat/abort stops it by LibreChat's `<conversationId>:<reply id>` key and
 * answers its final payload. A malformed body is a plain 400; everything the run checks after that
 * (the assistant, the thread, the model) is an error frame, as LibreChat's stream opens first.
 */
export async function assistantChatRoutes(app: FastifyInstance, { endpoint, factories }: { endpoint: AssistantsEndpoint | undefined; factories: CapabilityToolFactories }): Promise<void> {
  const authenticate = { preHandler: app.auth.authenticate };

  app.post('/api/assistants/chat', authenticate, async (request, reply) => {
    const assistantsEndpoint = requireAssistantsEndpoint(endpoint);
    const body = parseInput(assistantChatRequestSchema, request.body);
    const ids = runIds(body);
    // Shared with clients that re-attach (GET /api/ask/stream/:conversationId) while the run streams, as a chat turn is.
    const log = app.chat.live.open(request.user!.id, ids.conversationId);
    const stream = shareEventStream(openEventStream(reply, { keepAliveMs: app.chat.timings.keepAliveMs }), log, app.chat.timings.reattachGraceMs);
    try {
      await runAssistant(app.chat, { user: request.user!, ip: request.ip, endpoint: assistantsEndpoint, body, stream, factories, ids });
    } finally {
      log.end();
    }
  });

  app.post('/api/assistants/chat/abort', authenticate, async (request) => {
    requireAssistantsEndpoint(endpoint);
    const { abortKey } = parseInput(assistantAbortRequestSchema, request.body);
    const conversationId = abortKey.split(':')[0]!;
    if (!uuidPattern.test(conversationId)) throw new ValidationError('Invalid conversationId');
    const payload = await app.chat.aborts.abort(request.user!.id, conversationId);
    // A JSON 404 (not LibreChat's 204): its client resets quietly on it rather than staying "submitting".
    if (!payload) throw new NotFoundError('Nothing to stop: no run is going on under this abortKey');
    return payload;
  });

  // LibreChat's client builds this URL to edit or continue a reply; v0.7.1 had no route behind it.
  app.post('/api/assistants/chat/modify', authenticate, async () => {
    requireAssistantsEndpoint(endpoint);
    throw new ChatboxError('validation_error', 'Replies of assistants cannot be edited or continued: send a new message instead');
  });
}
