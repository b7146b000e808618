import { randomUUID } from 'node:crypto';
import { startFakeServer, type FakeExchange, type FakeUpstream } from './fake-server.js';
import { dataFrame, eventFrame, sendJson, writeSse, type SseFrame } from './sse.js';

/**
 * ChatGPT's web backend as a reverse proxy serves it (wave-2 notes §6.5): POST …/conversation answers
 * an SSE stream of the assistant message with cumulative `parts`, then `data: [DONE]`; a scripted
 * failure answers its status with `{detail}` (401: the access token expired, 429: too many requests).
 */
async function handleChatGPTBrowser(exchange: FakeExchange): Promise<void> {
  const { request, control } = exchange;
  if (request.method !== 'POST' || !request.path.endsWith('/conversation')) return sendJson(exchange, 404, { detail: 'Not Found' });
  const failure = control.takeFailure();
  if (failure) return sendJson(exchange, failure.status, { detail: failure.message ?? `HTTP ${failure.status}` }, failure.headers);
  const body = request.body ?? {};
  const conversationId = typeof body.conversation_id === 'string' ? body.conversation_id : `chatgpt-conversation-${randomUUID()}`;
  const messageId = `chatgpt-message-${randomUUID()}`;
  const event = (text: string, endTurn: boolean | null, content: boolean) =>
    dataFrame(
      {
        message: { id: messageId, author: { role: 'assistant', name: null, metadata: {} }, create_time: null, content: { content_type: 'text', parts: [text] }, end_turn: endTurn, weight: 1, metadata: { model_slug: body.model, ...(endTurn ? { finish_details: { type: 'stop', stop: '<|im_end|>' } } : {}) }, recipient: 'all' },
        conversation_id: conversationId,
        error: null,
      },
      content,
    );
  let cumulative = '';
  const frames: SseFrame[] = [eventFrame('ping', '')];
  for (const chunk of control.chunksOf(control.replyFor(request))) {
    cumulative += chunk;
    frames.push(event(cumulative, null, true));
  }
  frames.push(event(cumulative, true, false), { text: 'data: [DONE]\n\n', content: false });
  await writeSse(exchange, frames, 'data: {"message": {broken\n\n');
}

/** Serves `<url>/backend-api/conversation` (any path ending in `/conversation`). */
export function startFakeChatGPTBrowser(port = 0): Promise<FakeUpstream> {
  return startFakeServer(handleChatGPTBrowser, undefined, port);
}
