import type { ChatMessage } from './chat-content.js';
import type { ChatPart, UpstreamState } from './chat-part.js';

/** A JSON Schema (draft 2020-12 subset the providers share: type, properties, required, items, enum, description). */
export type JsonSchema = Record<string, unknown>;

/** Sampling and limit options; each provider maps the ones it supports and ignores the rest. */
export interface ChatParameters {
  /** Randomness, 0 (deterministic) upwards; ranges differ per provider. */
  temperature?: number;
  /** Nucleus sampling: the probability mass considered. */
  topP?: number;
  /** Only the K most likely tokens are considered (Anthropic, Gemini). */
  topK?: number;
  /** Penalises tokens already present (OpenAI-style APIs). */
  presencePenalty?: number;
  /** Penalises tokens by how often they appeared (OpenAI-style APIs). */
  frequencyPenalty?: number;
  /** Longest reply, in tokens. */
  maxOutputTokens?: number;
  /** Sequences that end the reply when generated. */
  stop?: string[];
}

/** A tool as the model is told about it. */
export interface ToolDefinition {
  /** The function name the model calls: letters, digits, `_` and `-`, at most 64 characters. */
  name: string;
  /** What the tool does and when to use it, for the model. */
  description: string;
  /** The JSON Schema of the input object. */
  inputSchema: JsonSchema;
}

/**
 * Whether the model must call a tool: `auto` (it decides), `none` (it may not), `required` (it must
 * call one), or one named tool it must call.
 */
export type ToolChoice = 'auto' | 'none' | 'required' | { type: 'tool'; name: string };

/** One call of a model: everything a provider needs to build its upstream request. */
export interface ChatRequest {
  /** The model id as the endpoint lists it. */
  model: string;
  /** The system prompt (promptPrefix, instructions); providers place it where their API wants it. */
  system?: string;
  /** The history, oldest first, ending with the new prompt (or a tool message answering tool calls). */
  messages: ChatMessage[];
  /** Sampling and limits. */
  parameters: ChatParameters;
  /** The tools the model may call; absent or empty means none. */
  tools?: ToolDefinition[];
  /** How the model must use `tools`; the provider's default (`auto`) when absent. */
  toolChoice?: ToolChoice;
  /** Provider-specific extras (Google examples and context, addParams …). */
  extra?: Record<string, unknown>;
  /** The chatbox user id, for providers that accept one (OpenAI `user`). */
  user?: string;
  /**
   * For stateful upstreams (see SessionStatePart): the conversation's endpoint options (the stored
   * ones under what the client sent: toneStyle, jailbreak, conversationSignature …) and the state the
   * upstream gave the reply this turn follows. Absent on one-off calls (titles).
   */
  session?: { conversation: Record<string, unknown>; parentReply?: UpstreamState };
}

/** Credentials for one call, overriding the configured ones. */
export interface ProviderCredentials {
  /** The API key to use instead of the configured one. */
  apiKey?: string;
  /** The base URL to use instead of the configured one (a user's own OpenAI-compatible server). */
  baseURL?: string;
  /** Provider-specific extras (Azure instance/deployment/version, a Google service account …). */
  extra?: Record<string, unknown>;
}

export interface ModelListOptions {
  /** Credentials a user supplied for this request when the endpoint is user_provided. */
  credentials?: ProviderCredentials;
  /** The chatbox user id, for endpoints that query their model list per user (custom `models.userIdQuery`). */
  user?: string;
  /** Cancels the upstream query. */
  signal?: AbortSignal;
  /** See StreamOptions.fetch. */
  fetch?: typeof globalThis.fetch;
}

export interface StreamOptions {
  /** Fires when the client leaves or presses stop; the upstream request is cancelled. */
  signal: AbortSignal;
  /** Credentials a user supplied for this request when the endpoint is user_provided. */
  credentials?: ProviderCredentials;
  /**
   * The fetch for this call's upstream requests, default the global one. Core passes an SSRF-guarded
   * fetch when the base URL came from a user (credentials.baseURL); admin-configured URLs are trusted.
   */
  fetch?: typeof globalThis.fetch;
}

/** A configured model provider: one endpoint of /api/endpoints. */
export interface ChatProvider {
  /** The endpoint name ('openAI', 'anthropic', or a custom endpoint's name). */
  id: string;
  /** The models offered; may query the upstream. */
  listModels(options?: ModelListOptions): Promise<string[]>;
  /** Streams one reply. Never throws after the first part: failures arrive as an `error` part. */
  stream(request: ChatRequest, options: StreamOptions): AsyncIterable<ChatPart>;
}
