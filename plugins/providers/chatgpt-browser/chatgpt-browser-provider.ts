import { randomUUID } from 'node:crypto';
import type { ChatPart, ChatProvider, ChatRequest } from '../../../core/plugin-api/index.js';
import { pickCredential } from '../../shared/credentials.js';
import { failedStream, guardStream } from '../../shared/guard-stream.js';
import { contentText } from '../../shared/message-content.js';
import { failureForStatus, failureForTransport, providerFailure } from '../../shared/provider-failure.js';
import { readEvents } from './sse-events.js';
import type { ResolvedChatGPTBrowserSettings } from './settings.js';

const CHROME_AGENT = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/116.0.0.0 Safari/537.36';

/** An HTTP answer the backend refused; classified by its status. */
class BackendHttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const classify = (error: unknown) => (error instanceof BackendHttpError ? failureForStatus(error.status, error.message) : failureForTransport(error));

interface BackendMessage {
  message?: { id?: string; author?: { role?: string }; content?: { parts?: unknown[] } };
  conversation_id?: string;
  error?: unknown;
}

/**
 * The chatGPTBrowser endpoint: ChatGPT's web backend `conversation` call through a compatible reverse
 * proxy (nodejs-gpt's ChatGPTBrowserClient, wave-2 notes §6.5). The backend keeps the history: a turn
 * sends only the new message, under the upstream conversation and message ids the reply it follows
 * was given (kept on that reply), so regenerating and editing branch upstream as they do here.
 */
export function createChatGPTBrowserProvider(settings: ResolvedChatGPTBrowserSettings): ChatProvider {
  return {
    id: 'chatGPTBrowser',
    listModels: async () => [...settings.models],
    stream(request, options) {
      const token = pickCredential(options.credentials?.apiKey, settings.apiKey);
      if (!token) return failedStream(providerFailure('invalid_api_key', 'No ChatGPT access token is configured'));
      return guardStream({ signal: options.signal, classify }, (signal) => backendTurn(settings.reverseProxyUrl, request, token, options.fetch ?? globalThis.fetch, signal));
    },
  };
}

/** The request body: the new message only, under the parent reply's upstream ids when it has both. */
export function conversationBody(request: ChatRequest) {
  const parent = request.session?.parentReply;
  const conversationId = typeof parent?.chatGptConversationId === 'string' ? parent.chatGptConversationId : undefined;
  const parentId = typeof parent?.chatGptMessageId === 'string' ? parent.chatGptMessageId : undefined;
  const lastUser = request.messages.findLast((message) => message.role === 'user');
  const said = lastUser ? contentText(lastUser.content) : '';
  // A one-off call (a title) has no session: its instructions go in front of the message, the backend taking no system prompt.
  const text = request.session === undefined && request.system ? `${request.system}\n\n${said}` : said;
  return {
    conversation_id: conversationId && parentId ? conversationId : undefined,
    action: 'next',
    messages: [{ id: randomUUID(), role: 'user', content: { content_type: 'text', parts: [text] } }],
    parent_message_id: conversationId && parentId ? parentId : randomUUID(),
    model: request.model,
  };
}

async function* backendTurn(url: string, request: ChatRequest, token: string, fetch: typeof globalThis.fetch, signal: AbortSignal): AsyncGenerator<ChatPart> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}`, 'User-Agent': CHROME_AGENT, accept: 'text/event-stream' },
    body: JSON.stringify(conversationBody(request)),
    signal,
  });
  if (!response.ok || !response.body) {
    const body = await response.text().catch(() => '');
    let detail = body;
    try {
      const parsed: unknown = JSON.parse(body);
      if (typeof parsed === 'object' && parsed !== null && 'detail' in parsed) detail = typeof parsed.detail === 'string' ? parsed.detail : JSON.stringify(parsed.detail);
    } catch {
      // Not JSON: the body as it came.
    }
    throw new BackendHttpError(response.status, `Failed to send message. HTTP ${response.status} - ${detail.slice(0, 300)}`);
  }
  let streamed = '';
  let last: BackendMessage | undefined;
  for await (const event of readEvents(response.body)) {
    if (event.event === 'ping' || event.data === '') continue;
    if (event.data === '[DONE]') break;
    const data: BackendMessage = JSON.parse(event.data);
    if (data.error) throw new Error(typeof data.error === 'string' ? data.error : JSON.stringify(data.error));
    if (data.message?.author?.role !== 'assistant') continue;
    last = data;
    const part = data.message.content?.parts?.[0];
    const text = typeof part === 'string' ? part : '';
    if (text.length > streamed.length && text.startsWith(streamed)) {
      yield { type: 'text-delta', text: text.slice(streamed.length) };
      streamed = text;
    }
  }
  if (!last) throw providerError('Server closed the connection unexpectedly. Please make sure you are using a valid access token.');
  if (streamed.trim() === '') yield { type: 'text-replace', text: '**ChatGPT refused to answer.**' };
  if (request.session && last.conversation_id && last.message?.id) {
    yield { type: 'session-state', reply: { chatGptConversationId: last.conversation_id, chatGptMessageId: last.message.id } };
  }
  yield { type: 'finish', finishReason: 'stop' };
}

const providerError = (message: string) => new BackendHttpError(502, message);
