/**
 * The contracts between core and plugins. Types only: this folder depends on nothing, and a plugin
 * depends on nothing of core but this.
 */

/** The kinds of plugin the registry knows. */
export type PluginKind = 'provider' | 'tool' | 'action-executor' | 'file-storage';

/** What a plugin gets when core sets it up. */
export interface PluginContext {
  /** The plugin's own settings, already validated against its configSchema. */
  settings: unknown;
  /** A child logger named after the plugin. */
  log: PluginLogger;
}

export interface PluginLogger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/** A schema the registry validates settings with (zod's safeParse shape, so zod schemas fit). */
export interface SettingsSchema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: Array<{ path: PropertyKey[]; message: string }> } };
}

export interface PluginDefinition<TSettings = unknown, TInstance = unknown> {
  /** Unique within its kind: 'openAI', 'anthropic', 'local' … */
  name: string;
  kind: PluginKind;
  configSchema: SettingsSchema<TSettings>;
  /** Builds the plugin's instance; called only for plugins the configuration turns on. */
  setup(context: PluginContext & { settings: TSettings }): TInstance | Promise<TInstance>;
}

/** One message of the history sent upstream. */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
  /** Images attached to a user message, as data URLs or https URLs. */
  images?: Array<{ url: string; detail?: 'low' | 'auto' | 'high' }>;
}

/** Sampling and limit options; each provider maps the ones it supports and ignores the rest. */
export interface ChatParameters {
  temperature?: number;
  topP?: number;
  topK?: number;
  presencePenalty?: number;
  frequencyPenalty?: number;
  maxOutputTokens?: number;
  stop?: string[];
}

export interface ChatRequest {
  model: string;
  /** The system prompt (promptPrefix, instructions); providers place it where their API wants it. */
  system?: string;
  messages: ChatMessage[];
  parameters: ChatParameters;
  /** Provider-specific extras (Google examples and context, addParams …). */
  extra?: Record<string, unknown>;
  /** The chatbox user id, for providers that accept one (OpenAI `user`). */
  user?: string;
}

/** What a provider's stream yields, in order; `finish` or `error` is always last. */
export type ChatPart =
  | { type: 'text-delta'; text: string }
  | { type: 'reasoning-delta'; text: string }
  | { type: 'tool-call'; id: string; name: string; arguments: string }
  | { type: 'tool-result'; id: string; result: string }
  | { type: 'usage'; promptTokens: number; completionTokens: number }
  | { type: 'finish'; finishReason: 'stop' | 'length' | 'tool_calls' | 'content_filter' | 'incomplete' | 'other' }
  | { type: 'error'; error: ProviderFailure };

/** A provider failure, classified so core can map it to the error catalogue. */
export interface ProviderFailure {
  kind: 'invalid_api_key' | 'insufficient_quota' | 'rate_limited' | 'timeout' | 'bad_request' | 'not_found' | 'server_error' | 'malformed_stream' | 'connection' | 'aborted';
  message: string;
  statusCode?: number;
  isRetryable: boolean;
}

export interface ModelListOptions {
  /** Credentials a user supplied for this request when the endpoint is user_provided. */
  credentials?: ProviderCredentials;
  /** The chatbox user id, for endpoints that query their model list per user (custom `models.userIdQuery`). */
  user?: string;
  signal?: AbortSignal;
  /** See StreamOptions.fetch. */
  fetch?: typeof globalThis.fetch;
}

export interface ProviderCredentials {
  apiKey?: string;
  baseURL?: string;
  /** Provider-specific extras (Azure instance/deployment/version, a Google service account …). */
  extra?: Record<string, unknown>;
}

export interface StreamOptions {
  signal: AbortSignal;
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
