/**
 * What a provider's stream yields. Text streams as deltas; reasoning deltas carry the id of their
 * block; a tool call streams its input between `tool-input-start` and `tool-input-end` (all with the
 * call's id) and then arrives whole as `tool-call`; `finish` or `error` is always last, exactly once.
 */

/** Why the model stopped. */
export type FinishReason = 'stop' | 'length' | 'tool_calls' | 'content_filter' | 'incomplete' | 'other';

/** Tokens the upstream counted for this call. */
export interface TokenUsage {
  /** Tokens of the request: system, history, tools (and cached input, counted in). */
  promptTokens: number;
  /** Tokens of the reply, reasoning included. */
  completionTokens: number;
}

/** A provider failure, classified so core can map it to the error catalogue. */
export interface ProviderFailure {
  /** The class of failure; core maps it to an error code of the catalogue. */
  kind: 'invalid_api_key' | 'insufficient_quota' | 'rate_limited' | 'timeout' | 'bad_request' | 'not_found' | 'server_error' | 'malformed_stream' | 'connection' | 'aborted';
  /** The upstream's own words when it gave any, for the user and the log. */
  message: string;
  /** The upstream HTTP status, when the failure came with one. */
  statusCode?: number;
  /** Whether trying again later may succeed (rate limits, timeouts, 5xx). */
  isRetryable: boolean;
}

/** More of the reply's text. */
export interface TextDeltaPart {
  type: 'text-delta';
  text: string;
}

/** More of the model's reasoning (chain of thought shown apart from the reply). */
export interface ReasoningDeltaPart {
  type: 'reasoning-delta';
  /** The reasoning block this belongs to; stable within one stream, different for each block. */
  id: string;
  text: string;
}

/** The model began a tool call; its input follows as deltas. */
export interface ToolInputStartPart {
  type: 'tool-input-start';
  /** The call's id; the deltas, the end and the `tool-call` carry the same. */
  id: string;
  /** The tool's name. */
  name: string;
}

/** More of a tool call's input: a fragment of its JSON text. */
export interface ToolInputDeltaPart {
  type: 'tool-input-delta';
  /** The call's id, as in its `tool-input-start`. */
  id: string;
  /** The next fragment of JSON; the fragments joined make the `tool-call` input. */
  delta: string;
}

/** A tool call's input is complete; the `tool-call` part follows at once. */
export interface ToolInputEndPart {
  type: 'tool-input-end';
  /** The call's id, as in its `tool-input-start`. */
  id: string;
}

/** A whole tool call the model asks core to run. */
export interface ToolCallPart {
  type: 'tool-call';
  /** The provider's call id (generated when the provider has none); tool results answer it. */
  id: string;
  /** The tool's name, as in ChatRequest.tools. */
  name: string;
  /** The arguments as the JSON text the model wrote, `{}` when it wrote none; may be invalid JSON. */
  input: string;
}

/** The result of a tool, for streams that run tools (the agent loop); providers never send it. */
export interface ToolResultPart {
  type: 'tool-result';
  /** The id of the `tool-call` this answers. */
  id: string;
  /** The tool's name. */
  name: string;
  /** The tool's output as text (usually JSON). */
  result: string;
}

/**
 * The reply's whole text, replacing what its deltas wrote: an upstream that rewrites its reply once
 * it ends (Bing turns its citation marks into links when the sources are known).
 */
export interface TextReplacePart {
  type: 'text-replace';
  text: string;
}

/** Scalar state an upstream keeps between turns. */
export type UpstreamState = Record<string, string | number | boolean>;

/**
 * State of a stateful upstream that the next turn must send back (Bing's conversation signature and
 * invocation count, ChatGPT web's conversation and message ids). Core keeps `conversation` on the
 * conversation (only the endpoint options it knows: LibreChat's `conversationSignature`, `clientId`,
 * `invocationId`, `jailbreakConversationId`, `bingConversationId` …) and `reply` on the reply, and
 * hands both back in ChatRequest.session.
 */
export interface SessionStatePart {
  type: 'session-state';
  conversation?: UpstreamState;
  reply?: UpstreamState;
}

/** The reply is complete. */
export interface FinishPart {
  type: 'finish';
  /** Why the model stopped. */
  finishReason: FinishReason;
  /** The token counts, when the upstream reported them. */
  usage?: TokenUsage;
}

/** The call failed; nothing follows. */
export interface ErrorPart {
  type: 'error';
  error: ProviderFailure;
}

/** One part of a provider's stream. */
export type ChatPart = TextDeltaPart | TextReplacePart | SessionStatePart | ReasoningDeltaPart | ToolInputStartPart | ToolInputDeltaPart | ToolInputEndPart | ToolCallPart | ToolResultPart | FinishPart | ErrorPart;
