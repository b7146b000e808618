/**
 * The content of the messages sent upstream: plain text, or parts (text, image, file, tool call,
 * tool result). Every provider maps each part to its own wire format.
 */

/** A piece of text. */
export interface TextContent {
  type: 'text';
  /** The text as is; providers do not trim it. */
  text: string;
}

/** An image shown to the model (user messages and tool results). */
export interface ImageContent {
  type: 'image';
  /** A base64 `data:` URL or an https URL; some providers (Gemini) take data URLs only. */
  url: string;
  /** OpenAI's resolution hint; other providers ignore it. */
  detail?: 'low' | 'auto' | 'high';
}

/** A document given to the model whole (a PDF, a text file), as opposed to extracted text. */
export interface FileContent {
  type: 'file';
  /** A base64 `data:` URL or an https URL. */
  url: string;
  /** The IANA media type: 'application/pdf', 'text/plain' … */
  mediaType: string;
  /** The file's name as the user uploaded it, when known. */
  filename?: string;
}

/** A call of a tool the model made in an earlier assistant turn. */
export interface ToolCallContent {
  type: 'tool-call';
  /** The provider's id of the call, echoed by the matching tool result. */
  id: string;
  /** The tool's name, as in ChatRequest.tools. */
  name: string;
  /** The arguments, parsed from the JSON the model wrote. */
  input: unknown;
}

/** The result of one tool call, sent back in a `tool` message. */
export interface ToolResultContent {
  type: 'tool-result';
  /** The id of the ToolCallContent (or stream `tool-call` part) this answers. */
  toolCallId: string;
  /** The called tool's name (Gemini matches results by name, not id). */
  toolName: string;
  /** What the tool returned: text (usually JSON) and images. */
  output: ToolOutputPart[];
  /** True when the tool failed and `output` explains why, so the model can react. */
  isError?: boolean;
}

/** What a tool may return: text and images. */
export type ToolOutputPart = TextContent | ImageContent;

/** Any part of a message's content. */
export type ContentPart = TextContent | ImageContent | FileContent | ToolCallContent | ToolResultContent;

/**
 * Who speaks: `system` (instructions), `user` (text, images, files), `assistant` (text and tool
 * calls), `tool` (tool results only, answering the previous assistant turn's calls).
 */
export type ChatRole = 'system' | 'user' | 'assistant' | 'tool';

/** One message of the history sent upstream. */
export interface ChatMessage {
  /** Who speaks; decides which parts make sense (see ChatRole). */
  role: ChatRole;
  /** Plain text, or parts in the order the model should see them. */
  content: string | ContentPart[];
}
