import type { FakeControl } from '../fake-upstreams/control.js';
import { toolResultsIn } from '../tool-results-in.js';
import type { ContractReport } from './contract-report.js';
import type { LibreChatClient } from './librechat-client.js';
import { assistantsFinalFrameSchema, contentFrameSchema, syncFrameSchema } from './schemas/assistant-frames.js';
import { conversationSchema } from './schemas/conversation.js';
import { NO_PARENT } from './schemas/endpoint-name.js';

/**
 * Contract §4.5 for assistants: the client creates an assistant on `model` with the calculator and
 * chats with it while `upstream` (the fake the model runs on) calls the calculator, then answers
 * "It is 42."; every frame is checked as the client reads it (sync, content parts keyed by the sync
 * reply id, a final whose messages render) and the stored reply with its parts.
 */
export async function checkAssistantChat(report: ContractReport, client: LibreChatClient, options: { model: string; upstream: FakeControl }): Promise<void> {
  const created = (await client.post('/api/assistants', { name: 'Calc', instructions: 'Compute.', model: options.model, tools: ['calculator'] })).json;
  const answered = (body: unknown) => toolResultsIn(body).length > 0;
  options.upstream.configure({
    reply: (request) => (answered(request.body) ? 'It is 42.' : ''),
    toolCalls: (request) => (answered(request.body) ? [] : [{ name: 'calculator', input: { input: '6*7' } }]),
  });
  // What the client sends (contract §4.2 for assistants): the message, then the endpoint option without empty values.
  const payload = { text: 'What is 6*7?', sender: 'User', isCreatedByUser: true, parentMessageId: NO_PARENT, messageId: crypto.randomUUID(), error: false, endpoint: 'assistants', model: options.model, assistant_id: created?.id, isContinued: false };
  const { status, frames, framing } = await client.streamAll('/api/assistants/chat', payload);
  report.expect('POST /api/assistants/chat', status === 200, '200 with an event stream', status);
  report.expect('POST /api/assistants/chat', framing.problems.length === 0, 'frames as sse.js reads them', framing.problems);
  const sync = report.check('sync frame', syncFrameSchema, frames[0]?.data);
  report.check('sync → parse #4', conversationSchema, { conversationId: sync?.conversationId, endpoint: 'assistants', createdAt: new Date().toISOString(), updatedAt: new Date().toISOString(), messages: [sync?.requestMessage.messageId, sync?.responseMessage.messageId] });
  const parts = frames.slice(1, -1);
  parts.forEach((frame, index) => {
    const part = report.check(`content frame [${index}]`, contentFrameSchema, frame.data);
    report.expect(`content frame [${index}]`, part?.messageId === sync?.responseMessage.messageId, "keyed by the sync frame's reply id", frame.data);
  });
  report.expect('content frames', parts.some((frame) => frame.data.type === 'tool_call' && frame.data.tool_call.progress === 1), 'the calculator call, finished', parts.map((frame) => frame.data));
  const last = frames.at(-1);
  report.expect('final frame', last?.event === 'message', 'the stream ends with a final message frame', last);
  const final = report.check('final frame', assistantsFinalFrameSchema, last?.data);
  report.expect('final frame', final?.runMessages?.length === 2, 'runMessages: the request and the reply', final?.runMessages);
  const stored = (await client.get(`/api/messages/${sync?.conversationId}`)).json;
  report.expect('GET /api/messages/:id', Array.isArray(stored) && stored.at(-1)?.content?.at(-1)?.text?.value === 'It is 42.', 'the reply kept with its parts', stored);
}
