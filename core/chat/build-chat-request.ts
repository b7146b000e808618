import type { ChatMessage, ChatRequest } from '../plugin-api/index.js';
import type { AskRequest } from '../protocol/ask.js';
import { endpointOptionsSchema } from '../protocol/preset.js';
import type { EndpointOptions, Message } from '../store/types.js';
import { contextWindow } from './context-window.js';
import { pruneHistory, type CountedMessage } from './prune-history.js';
import { countTokens } from './tokens.js';

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
  promptTokens: number;
  /** History messages left out to fit the context window. */
  dropped: number;
}

/**
 * The upstream request: system prompt and parameters from the options, the branch as history
 * (pruned to the model's context window), and the reply so far when continuing one.
 */
export function buildChatRequest(input: { model: string; userId: string; options: EndpointOptions; branch: Array<Pick<Message, 'text' | 'isCreatedByUser' | 'tokenCount'>>; generation: string }): BuiltRequest {
  const { model, options } = input;
  const system = defined(options.promptPrefix) ?? defined(options.systemMessage);
  const history: CountedMessage[] = input.branch.map((message) => ({
    role: message.isCreatedByUser ? 'user' : 'assistant',
    content: message.text,
    tokens: message.tokenCount ?? countTokens(message.text, model),
  }));
  if (input.generation) history.push({ role: 'assistant', content: input.generation, tokens: countTokens(input.generation, model) });
  const params = parameters(options);
  const systemTokens = system ? countTokens(system, model) : 0;
  const budget = contextWindow(model, options.maxContextTokens) - (params.maxOutputTokens ?? DEFAULT_REPLY_RESERVE) - systemTokens;
  const { kept, dropped, tokens } = pruneHistory(history, Math.max(budget, 1));
  const messages: ChatMessage[] = kept;
  const extra: Record<string, unknown> = {};
  if (options.context) extra.context = options.context;
  if (options.examples?.length) extra.examples = options.examples;
  return {
    request: { model, system, messages, parameters: params, extra, user: input.userId },
    promptTokens: tokens + systemTokens,
    dropped,
  };
}
