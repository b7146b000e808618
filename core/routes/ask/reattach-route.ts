import type { FastifyInstance } from 'fastify';
import { openEventStream } from '../../chat/event-stream.js';
import { NotFoundError } from '../../errors/index.js';
import { reattachParamsSchema } from '../../protocol/ask.js';
import { parseInput } from '../parse.js';

/**
 * GET /api/ask/stream/:conversationId: a client that reloaded, or opened the conversation in
 * another tab, re-attaches to the reply streaming there. It gets the same frames as the client that
 * asked: `created`, the reply so far (one cumulative progress frame), then the live frames and
 * `final` (or the error frame). A 404 when none of the user's replies streams in that conversation.
 */
export async function reattachRoute(app: FastifyInstance): Promise<void> {
  app.get('/api/ask/stream/:conversationId', { preHandler: app.auth.authenticate }, async (request, reply) => {
    const { conversationId } = parseInput(reattachParamsSchema, request.params);
    let stream: ReturnType<typeof openEventStream> | undefined;
    // The watcher exists before the stream is opened: a 404 must still be an ordinary JSON answer.
    const attachment = await app.chat.live.attach(request.user!.id, conversationId, {
      send: (frame) => stream?.send(frame),
      fail: (frame) => stream?.fail(frame),
      end: () => stream?.end(),
    });
    if (!attachment) throw new NotFoundError('No reply is being written in this conversation');
    stream = openEventStream(reply, { keepAliveMs: app.chat.timings.keepAliveMs });
    stream.onDisconnect(() => attachment.detach());
    for (const frame of attachment.replay) stream.send(frame);
  });
}
