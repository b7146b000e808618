import type { ChatMessage, ChatRequest, ContentPart } from '../plugin-api/index.js';
import type { AskRequest } from '../protocol/ask.js';
import { endpointOptionsSchema } from '../protocol/preset.js';
import type { EndpointOptions } from '../store/repositories/common.js';
import type { Message } from '../store/repositories/messages.js';
import { contextWindow } from './context-window.js';
import { pruneHistory, type CountedMessage } from './prune-history.js';
import { countTokens, MESSAGE_OVERHEAD_TOKENS } from './tokens.js';
import type { MessageImages } from './turn-images.js';
import { withoutPluginMarkers } from '../protocol/stream-frames.js';

/** Room kept for the reply when the conversation does not set its own maximum. */
const DEFAULT_REPLY_RESERVE = 4_096;

const defined = <T>(value: T | null | undefined): T | undefined => (value === null ? undefined : value);

const optionNames = Object.keys(endpointOptionsSchema.shape);

/**
 * The options of the turn: what the client sent, falling back to what the conversation had. Only
 * endpoint options: the message fields of the request (text, ids, generation …) are not options and
 * must not be stored on the conversation.
 */
export function turnOptions(body: AskRequest, stored: EndpointOptions | null): EndpointOptions {
  const merged: Record<string, unknown> = {};
  for (const name of optionNames) {
    // A null the client sends clears the option; only an absent one falls back to the stored value.
    const sent = (body as Record<string, unknown>)[name];
    const value = sent !== undefined ? sent : (stored as Record<string, unknown> | null)?.[name];
    if (value !== undefined) merged[name] = value;
  }
  return merged as EndpointOptions;
}

function parameters(options: EndpointOptions): ChatRequest['parameters'] {
  return {
    temperature: defined(options.temperature),
    topP: defined(options.top_p ?? options.topP),
    topK: defined(options.topK ?? options.top_k),
    presencePenalty: defined(options.presence_penalty),
    frequencyPenalty: defined(options.frequency_penalty),
    maxOutputTokens: defined(options.maxOutputTokens ?? options.max_tokens),
  };
}

export interface BuiltRequest {
  request: ChatRequest;
  /**
   * The prompt's tokens, counted on first use: when the whole branch fits the context window
   * anyway, the tokenizer need not run before the request leaves.
   */
  promptTokens(): number;
  /** History messages left out to fit the context window. */
  dropped: number;
}

/**
 * Most tokens a text can make: a byte-level BPE tokenizer (OpenAI's) never makes more tokens than
 * the text has UTF-8 bytes, and the estimate for other vendors' models (a quarter of the
 * characters) is lower still.
 */
const tokenBound = (text: string) => Buffer.byteLength(text);

/**
 * The upstream request: system prompt and parameters from the options, the branch as history
 * (pruned to the model's context window), and the reply so far when continuing one.
 */
export function buildChatRequest(input: {
  model: string;
  userId: string;
  options: EndpointOptions;
  branch: Array<Pick<Message, 'text' | 'isCreatedByUser' | 'tokenCount'> & { messageId?: string }>;
  generation: string;
  /** Images to attach after the text, by user message id (see loadBranchImages); the Anthropic provider puts them first. */
  images?: ReadonlyMap<string, MessageImages>;
  /** Attached documents' text or passages (formatDocumentContext), put before the system prompt as LibreChat does. */
  documentContext?: string | null;
}): BuiltRequest {
  const { model, options } = input;
  const prompt = defined(options.promptPrefix) ?? defined(options.systemMessage);
  const system = input.documentContext ? (prompt ? `${input.documentContext}\n\n${prompt}` : input.documentContext) : prompt;
  // Tokens are counted on the text; a message's images add their own cost (a stored tokenCount includes it).
  const history: Array<{ role: 'user' | 'assistant'; content: string | ContentPart[]; text: string; imageTokens: number; tokenCount?: number | null }> = input.branch.map((message) => {
    const images = message.messageId === undefined ? undefined : input.images?.get(message.messageId);
    // The plugins endpoint's markers are for LibreChat's client to place its boxes, not the reply's words.
    const said = message.isCreatedByUser ? message.text : withoutPluginMarkers(message.text);
    const text: ContentPart[] = said ? [{ type: 'text', text: said }] : [];
    return {
      role: message.isCreatedByUser ? 'user' : 'assistant',
      content: images ? [...text, ...images.parts] : said,
      text: said,
      imageTokens: images?.tokens ?? 0,
      tokenCount: message.tokenCount,
    };
  });
  const generation = withoutPluginMarkers(input.generation);
  if (generation) history.push({ role: 'assistant', content: generation, text: generation, imageTokens: 0 });
  const params = parameters(options);
  const budget = contextWindow(model, options.maxContextTokens) - (params.maxOutputTokens ?? DEFAULT_REPLY_RESERVE);
  const tokensOf = (message: (typeof history)[number]) => message.tokenCount ?? countTokens(message.text, model) + message.imageTokens;
  const systemTokens = () => (system ? countTokens(system, model) : 0);

  const extra: Record<string, unknown> = {};
  if (options.context) extra.context = options.context;
  if (options.examples?.length) extra.examples = options.examples;
  const requestOf = (messages: ChatMessage[]): ChatRequest => ({ model, system, messages, parameters: params, extra, user: input.userId });
  const chatMessage = ({ role, content }: (typeof history)[number]): ChatMessage => ({ role, content });

  const bound = history.reduce((sum, message) => sum + (message.tokenCount ?? tokenBound(message.text) + message.imageTokens) + MESSAGE_OVERHEAD_TOKENS, system ? tokenBound(system) : 0);
  if (bound <= budget) {
    let promptCount: number | undefined;
    const promptTokens = () => (promptCount ??= history.reduce((sum, message) => sum + tokensOf(message) + MESSAGE_OVERHEAD_TOKENS, systemTokens()));
    return { request: requestOf(history.map(chatMessage)), promptTokens, dropped: 0 };
  }

  const counted: CountedMessage[] = history.map((message) => ({ ...chatMessage(message), tokens: tokensOf(message) }));
  const systemCount = systemTokens();
  const { kept, dropped, tokens } = pruneHistory(counted, Math.max(budget - systemCount, 1));
  return { request: requestOf(kept), promptTokens: () => tokens + systemCount, dropped };
}
