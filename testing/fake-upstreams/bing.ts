import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { FakeControl, type ExchangeOutcome, type RecordedRequest } from './control.js';
import { startFakeServer, type FakeExchange, type FakeUpstream } from './fake-server.js';
import { sendJson } from './sse.js';

const SEPARATOR = '\x1e';
const frame = (message: unknown) => `${JSON.stringify(message)}${SEPARATOR}`;
const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

/** The sources every fake reply cites: `[^N^]` in a scripted reply links to the Nth. */
export const fakeBingSources = [
  { providerDisplayName: 'Example one', seeMoreUrl: 'https://example.com/source-one' },
  { providerDisplayName: 'Example two', seeMoreUrl: 'https://example.com/source-two' },
];

/**
 * Bing's chat (wave-2 notes §6.3). GET /turing/conversation/create answers ids and the signature
 * header; a scripted failure with a `code` answers Bing's `result` with that value (UnauthorizedRequest
 * for an expired cookie, CaptchaChallenge, Throttled), one with `type: 'completion'` and a code is
 * saved for the next invocation's completion instead. Without a code, the status is answered.
 */
async function handleCreate(exchange: FakeExchange, completionFailures: Array<{ value: string; message: string }>, counter: { next: number }): Promise<void> {
  const { request, control } = exchange;
  if (request.path !== '/turing/conversation/create') return sendJson(exchange, 404, { message: 'not found' });
  const failure = control.takeFailure();
  if (failure?.type === 'completion') completionFailures.push({ value: failure.code ?? 'Throttled', message: failure.message ?? 'Request is throttled.' });
  else if (failure?.code) return sendJson(exchange, 200, { result: { value: failure.code, message: failure.message ?? 'Sorry, you need to login first.' } });
  else if (failure) return sendJson(exchange, failure.status, { message: failure.message ?? 'error' });
  counter.next += 1;
  const n = counter.next;
  sendJson(exchange, 200, { conversationId: `bing-conversation-${n}`, clientId: `bing-client-${n}`, result: { value: 'Success', message: null } }, { 'x-sydney-encryptedconversationsignature': `bing-signature-${n}` });
}

/** One ChatHub connection: the handshake, then each invocation answered with updates and a completion. */
function serveChatHub(socket: WebSocket, message: IncomingMessage, control: FakeControl, completionFailures: Array<{ value: string; message: string }>): void {
  const url = new URL(message.url ?? '/', 'http://fake');
  let settle: (outcome: ExchangeOutcome) => void = () => {};
  let answered = false;
  socket.on('close', () => settle(answered ? 'completed' : 'client-closed'));
  socket.on('message', (data) => {
    for (const piece of data.toString().split(SEPARATOR)) {
      if (!piece.trim()) continue;
      const parsed: { protocol?: string; type?: number; invocationId?: string } = JSON.parse(piece);
      if (parsed.protocol === 'json') socket.send(frame({}));
      else if (parsed.type === 4) {
        const request: RecordedRequest = {
          method: 'WS', path: url.pathname, query: Object.fromEntries(url.searchParams), headers: message.headers, body: parsed,
          outcome: new Promise<ExchangeOutcome>((resolve) => (settle = resolve)),
        };
        control.requests.push(request);
        void answer(socket, request, control, completionFailures.shift()).then(() => (answered = true));
      }
    }
  });
}

async function answer(socket: WebSocket, request: RecordedRequest, control: FakeControl, failure: { value: string; message: string } | undefined): Promise<void> {
  const open = () => socket.readyState === socket.OPEN;
  const text = control.replyFor(request);
  const invocationId = request.body.invocationId;
  let cumulative = '';
  let sent = 0;
  for (const chunk of control.chunksOf(text)) {
    if (!open()) return;
    if (sent === control.script.disconnectAfterChunks) return socket.terminate();
    cumulative += chunk;
    sent += 1;
    socket.send(frame({ type: 1, target: 'update', arguments: [{ messages: [{ author: 'bot', text: cumulative, messageType: undefined }], requestId: 'request-fake' }] }));
    if (control.script.delayMs > 0) await sleep(control.script.delayMs);
  }
  if (!open()) return;
  const bot = {
    author: 'bot', text, messageId: `bing-message-${request.body.arguments?.[0]?.conversationId ?? 'x'}-${invocationId}`, spokenText: text,
    sourceAttributions: fakeBingSources, suggestedResponses: [{ text: 'Tell me more.' }], adaptiveCards: [{ body: [{ type: 'TextBlock', text }] }],
  };
  const result = failure ? { value: failure.value, message: failure.message, error: failure.message } : { value: 'Success', message: null };
  socket.send(frame({ type: 2, invocationId, item: { messages: failure ? [] : [{ author: 'user', text: 'prompt' }, bot], result, conversationExpiryTime: '2030-01-01T00:00:00Z' } }));
  socket.send(frame({ type: 3, invocationId }));
}

/** Conversation creation over HTTP and the ChatHub websocket at `/sydney/ChatHub`, on one port. */
export async function startFakeBing(port = 0): Promise<FakeUpstream> {
  const control = new FakeControl();
  const completionFailures: Array<{ value: string; message: string }> = [];
  const counter = { next: 0 };
  const sockets = new WebSocketServer({ noServer: true });
  const reset = control.reset.bind(control);
  control.reset = () => {
    reset();
    completionFailures.length = 0;
  };
  const upstream = await startFakeServer((exchange) => handleCreate(exchange, completionFailures, counter), control, port, undefined, (message: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (!message.url?.startsWith('/sydney/ChatHub')) return socket.destroy();
    sockets.handleUpgrade(message, socket, head, (client) => serveChatHub(client, message, control, completionFailures));
  });
  return {
    ...upstream,
    close: async () => {
      for (const client of sockets.clients) client.terminate();
      sockets.close();
      await upstream.close();
    },
  };
}
