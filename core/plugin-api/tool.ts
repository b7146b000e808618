import type { ToolOutputPart } from './chat-content.js';
import type { ToolDefinition } from './chat-provider.js';
import type { PluginLogger } from './plugin-logger.js';

/** What a tool gets for one call besides its input. */
export interface ToolContext {
  /** Fires when the turn is stopped or the client leaves; a tool stops its work and its requests. */
  signal: AbortSignal;
  /** The chatbox user the call runs for (credentials, quotas, ownership). */
  userId: string;
  /** The conversation the call belongs to, when there is one. */
  conversationId?: string;
  /** The user's own settings for this tool (API keys they entered), decrypted; empty when none. */
  credentials: Record<string, string>;
  /** The fetch to use for outbound requests: SSRF-guarded, since a model chooses the URLs. */
  fetch: typeof globalThis.fetch;
  /** A logger named after the tool. */
  log: PluginLogger;
}

/**
 * A function the model may call (plugins/tools/*). Its name, description and input schema are what
 * the model sees (ChatRequest.tools); core validates the model's input against the schema before
 * `execute` runs.
 */
export interface Tool extends ToolDefinition {
  /**
   * Runs one call. Returns the content parts the model sees as the result (text, images); throws
   * (or returns and core marks the result an error) when the tool fails, never hangs past the signal.
   */
  execute(input: unknown, context: ToolContext): Promise<ToolOutputPart[]>;
}
