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
  /**
   * The tool's credentials for this user, by the first name of each `manifest.credentials[].authField`
   * (`DALLE3_API_KEY` for `DALLE3_API_KEY||DALLE_API_KEY`): what the user entered when installing the
   * tool (decrypted), else the first of the field's names the operator set in the environment.
   */
  credentials: Record<string, string>;
  /** The fetch to use for outbound requests: SSRF-guarded, since a model chooses the URLs. */
  fetch: typeof globalThis.fetch;
  /** A logger named after the tool. */
  log: PluginLogger;
  /**
   * Stores a file the tool made (a generated image, a code interpreter's output) as a file of the
   * user, with the file's `context` (`image_generation` unless it says otherwise): listed by GET
   * /api/files, served to its owner only, counted against the file limits and the user's quota
   * (which reject it). Absent where the caller stores no files (a tool then says it cannot keep
   * its result).
   */
  saveFile?(file: ToolFileToSave): Promise<SavedToolFile>;
}

/** A file a tool hands core to keep for the user. */
export interface ToolFileToSave {
  /** The name users see in their files (not the stored name: core picks that). */
  name: string;
  /** The media type the tool claims; core checks the bytes are an image of a type it serves. */
  mediaType: string;
  /** The whole file (generated images are small enough to hold). */
  body: Uint8Array;
  /**
   * LibreChat's file context: `image_generation` (the default) takes images only; `assistants_output`
   * (files a code interpreter wrote) takes any file, images keeping their sides.
   */
  context?: 'image_generation' | 'assistants_output';
}

/** Where core kept a tool's file. */
export interface SavedToolFile {
  /** The file record's id. */
  file_id: string;
  /** The record's `filepath`: the link the UI loads, as in `![generated image](<filepath>)`. */
  filepath: string;
  /** Its sides, read from the bytes: images only. */
  width?: number;
  height?: number;
}

/** A credential a tool needs (an entry of LibreChat's manifest `authConfig`). */
export interface ToolCredentialField {
  /** The variable name as LibreChat names it, so an operator's environment works; `A||B` lists alternatives. */
  authField: string;
  /** The label of the field in the store's auth form. */
  label: string;
  /** One sentence of help under the field (plain text). */
  description: string;
}

/** What the tool store shows about a tool (LibreChat's manifest entry; `pluginKey` is the plugin's name). */
export interface ToolManifest {
  /** The name users see (LibreChat `name`): "Calculator", "DALL-E-3". */
  displayName: string;
  /** What the store says the tool does (LibreChat `description`). */
  summary: string;
  /** The icon: a path chatbox serves (/assets/tools/<key>.svg) or an absolute URL. */
  icon: string;
  /** The credentials it needs, empty when none: the user enters them when installing, or the operator sets them in the environment. */
  credentials: ToolCredentialField[];
}

/**
 * A function the model may call (plugins/tools/*). Its name, description and input schema are what
 * the model sees (ChatRequest.tools); core validates the model's input against the schema before
 * `execute` runs.
 */
export interface Tool extends ToolDefinition {
  /** How the tool store lists it. */
  manifest: ToolManifest;
  /**
   * How long one call may run, when the tool has its own bound (an MCP server's `timeout`); the
   * agent loop's limit otherwise.
   */
  timeoutMs?: number;
  /**
   * Runs one call. Returns the content parts the model sees as the result (text, images); throws
   * (or returns and core marks the result an error) when the tool fails, never hangs past the signal.
   */
  execute(input: unknown, context: ToolContext): Promise<ToolOutputPart[]>;
}
