import { randomUUID } from 'node:crypto';
import type { ChatPart, ChatProvider, ChatRequest } from '../../../core/plugin-api/index.js';
import { pickCredential } from '../../shared/credentials.js';
import { failedStream, guardStream } from '../../shared/guard-stream.js';
import { contentText } from '../../shared/message-content.js';
import { providerFailure } from '../../shared/provider-failure.js';
import { classifyBingError } from './bing-failure.js';
import { openChatHub } from './chat-hub.js';
import { createConversation, edgeHeaders, type BingConversation } from './create-conversation.js';
import { invocationMessage, jailbreakContext, SYDNEY_STOP } from './invocation.js';
import { readBingEvents, type BingCompletion } from './read-events.js';
import { replyText } from './reply-text.js';
import { readBingSession } from './session.js';
import { bingModels, type ResolvedBingSettings } from './settings.js';

/**
 * The bingAI endpoint over Bing's chat protocol (nodejs-gpt's BingAIClient, wave-2 notes §6.3): a
 * conversation is created over HTTP, then one invocation goes over the ChatHub websocket and its
 * cumulative updates stream back. BingAI mode continues Bing's own conversation (signature, client
 * id, invocation count kept on the conversation); Sydney (jailbreak, model `Sydney`) and one-off
 * calls such as titles start a new one each time with the whole history as a web-page context.
 */
export function createBingProvider(settings: ResolvedBingSettings): ChatProvider {
  return {
    id: 'bingAI',
    listModels: async () => [...bingModels],
    stream(request, options) {
      const token = pickCredential(options.credentials?.apiKey, settings.apiKey);
      if (!token) return failedStream(providerFailure('invalid_api_key', 'No Bing cookie is configured'));
      return guardStream({ signal: options.signal, classify: classifyBingError }, (signal) => bingTurn(settings, request, token, options.fetch ?? globalThis.fetch, signal));
    },
  };
}

async function* bingTurn(settings: ResolvedBingSettings, request: ChatRequest, token: string, fetch: typeof globalThis.fetch, signal: AbortSignal): AsyncGenerator<ChatPart> {
  const session = readBingSession(request.session?.conversation);
  const oneOff = request.session === undefined;
  const jailbreak = oneOff || session.jailbreak === true || request.model === 'Sydney';
  const lastUser = request.messages.findLast((message) => message.role === 'user');
  const text = lastUser ? contentText(lastUser.content) : '';
  const known: BingConversation | undefined =
    !jailbreak && session.bingConversationId && session.clientId && session.conversationSignature
      ? { conversationId: session.bingConversationId, clientId: session.clientId, encryptedConversationSignature: session.conversationSignature }
      : undefined;
  const conversation = known ?? (await createConversation(settings.host, token, fetch, signal));
  const invocationId = known ? (session.invocationId ?? 1) : 0;
  const context = jailbreak ? jailbreakContext(request.system, request.messages, session.context) : session.context;

  const url = new URL(settings.socketURL ?? 'wss://sydney.bing.com/sydney/ChatHub');
  url.searchParams.set('sec_access_token', conversation.encryptedConversationSignature);
  const hub = await openChatHub(url.toString(), edgeHeaders(token), signal);
  hub.send(invocationMessage({ text, tone: oneOff ? 'precise' : (session.toneStyle ?? 'creative'), conversation, invocationId, jailbreak, context }));

  let streamed = '';
  let final: BingCompletion;
  const events = readBingEvents(hub.messages(), jailbreak ? SYDNEY_STOP : undefined);
  for (;;) {
    const next = await events.next();
    if (next.done) {
      final = next.value;
      break;
    }
    streamed += next.value;
    yield { type: 'text-delta', text: next.value };
  }
  const reply = final.message ? replyText(streamed, final.message) : streamed;
  if (reply !== streamed) yield { type: 'text-replace', text: reply };
  if (!oneOff) {
    yield {
      type: 'session-state',
      conversation: jailbreak
        ? { jailbreak: true, jailbreakConversationId: session.jailbreakConversationId ?? randomUUID() }
        : { jailbreak: false, bingConversationId: conversation.conversationId, conversationSignature: conversation.encryptedConversationSignature, clientId: conversation.clientId, invocationId: invocationId + 1 },
      ...(final.message?.messageId ? { reply: { bingMessageId: final.message.messageId } } : {}),
    };
  }
  yield { type: 'finish', finishReason: 'stop' };
}
