import type { FastifyInstance, FastifyRequest } from 'fastify';
import { assistantsEndpointName } from '../../assistants/assistants-endpoint.js';
import { openEventStream } from '../../chat/event-stream.js';
import { shareEventStream } from '../../chat/shared-event-stream.js';
import { runTurn } from '../../chat/run-turn.js';
import { endpointKind } from '../../chat/turn-images.js';
import { planTurn } from '../../chat/turn-plan.js';
import { ChatboxError, NotFoundError } from '../../errors/index.js';
import { checkMessageFileCount, resolveFileLimits } from '../../files/index.js';
import { abortRequestSchema, approvalAnswerSchema, askRequestSchema, titleRequestSchema } from '../../protocol/ask.js';
import { parseInput } from '../parse.js';
import { enforceModelSpec } from './enforce-model-spec.js';
import { reattachRoute } from './reattach-route.js';

const endpointParam = (request: FastifyRequest) => (request.params as { endpoint: string }).endpoint;

/**
 * POST /api/ask/{endpoint} (new turn, regenerate) and /api/edit/{endpoint} (continue an edited or
 * cut reply) stream server-sent events; …/abort stops a turn and answers its final payload;
 * /api/ask/approval answers a tool call that waits for the user's approval.
 * Custom endpoints come in as /api/ask/custom with their name in `endpoint`, as LibreChat sends them.
 */
export async function askRoutes(app: FastifyInstance): Promise<void> {
  const authenticate = app.auth.authenticate;
  // The files routes log the yaml's invalid MIME patterns; once is enough.
  const fileLimits = resolveFileLimits(app.config.yaml.fileConfig, () => {});

  for (const mode of ['ask', 'edit'] as const) {
    app.post(`/api/${mode}/:endpoint`, { preHandler: authenticate }, async (request, reply) => {
      const body = parseInput(askRequestSchema, request.body);
      const name = endpointParam(request) === 'custom' ? body.endpoint : endpointParam(request);
      const entry = name ? app.endpoints.get(name) : undefined;
      // Assistants chat through /api/assistants/chat (their runs), never as a plain turn.
      if (!entry || entry.name === assistantsEndpointName) throw new ChatboxError('unknown_endpoint', undefined, { endpoint: name ?? 'undefined endpoint' });
      enforceModelSpec(app.config.yaml.modelSpecs, { endpoint: entry.name, model: body.model, spec: body.spec });
      checkMessageFileCount(fileLimits, { name: entry.name, kind: endpointKind(entry) }, body.files);
      const plan = await planTurn(app.store, request.user!.id, body, mode);
      // Shared with clients that re-attach (GET /api/ask/stream/:conversationId) while the reply streams.
      const log = app.chat.live.open(request.user!.id, plan.conversationId);
      const stream = shareEventStream(openEventStream(reply, { keepAliveMs: app.chat.timings.keepAliveMs }), log, app.chat.timings.reattachGraceMs);
      try {
        await runTurn(app.chat, { user: request.user!, ip: request.ip, entry, body, plan, stream });
      } finally {
        // Whatever way the turn ended, nobody may re-attach to it any more (a no-op after its final frame).
        log.end();
      }
    });

    app.post(`/api/${mode}/:endpoint/abort`, { preHandler: authenticate }, async (request, reply) => {
      const { abortKey } = parseInput(abortRequestSchema, request.body);
      const payload = abortKey === null ? null : await app.chat.aborts.abort(request.user!.id, abortKey);
      // A JSON 404, not a 204: LibreChat's client resets quietly on a 404 but stays "submitting"
      // until a reload on an answer without JSON.
      if (!payload) throw new NotFoundError('Nothing to stop: no reply is being written under this abortKey');
      return payload;
    });
  }

  await reattachRoute(app);

  // A static route: it wins over /api/ask/:endpoint, and no endpoint is named so (custom ones come as /api/ask/custom).
  app.post('/api/ask/approval', { preHandler: authenticate }, async (request) => {
    const { approvalId, allow } = parseInput(approvalAnswerSchema, request.body);
    const answer = await app.chat.approvals.answer(request.user!.id, approvalId, allow);
    if (answer.kind === 'not-found') throw new NotFoundError('No tool call of yours waits for approval under this approvalId');
    if (answer.kind === 'already-decided') throw new ChatboxError('duplicate', `This tool call was already decided (${answer.status}); the answer changes nothing`, { status: answer.status });
    return { approvalId, status: answer.status };
  });

  app.post('/api/convos/gen_title', { preHandler: authenticate }, async (request, reply) => {
    const { conversationId } = parseInput(titleRequestSchema, request.body);
    const title = await app.chat.titles.take(request.user!.id, conversationId, 5_000);
    if (!title) return reply.status(404).send({ message: 'Title not found or not generated yet', code: 'not_found' });
    return { title };
  });
}
