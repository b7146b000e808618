import type { EndpointOptions } from '../store/repositories/common.js';
import type { MessageFile } from '../store/repositories/messages.js';

/** The formats read by content (see detect-format.ts). `chatbox` is LibreChat's export JSON plus chatbox's lossless extension. */
export type ImportFormatName = 'chatgpt' | 'claude' | 'librechat' | 'chatbox' | 'open-webui' | 'chatbot-ui';

/** One message as a source format describes it, before it gets chatbox ids. */
export interface ImportedMessage {
  /** The source's id of the message; unique within its conversation. */
  sourceId: string;
  /** The source's id of the parent; null (or an id not in the conversation) for a root. */
  parentSourceId: string | null;
  text: string;
  /** LibreChat's content parts (e.g. `think`), when the source has more than text. */
  content?: unknown[] | null;
  isCreatedByUser: boolean;
  sender?: string;
  endpoint?: string | null;
  model?: string | null;
  createdAt?: Date;
  updatedAt?: Date;
  error?: boolean;
  unfinished?: boolean;
  isEdited?: boolean;
  finish_reason?: string | null;
  tokenCount?: number | null;
  files?: MessageFile[] | null;
  plugin?: unknown;
  plugins?: unknown[] | null;
}

/** One conversation as read from a source; the builder turns it into store records. */
export interface ImportedConversation {
  /** The source's id of the conversation (or a stand-in stable within the file): the stable id is derived from it. */
  sourceId: string;
  title: string;
  createdAt?: Date;
  updatedAt?: Date;
  /** Endpoint options to keep on the conversation (endpoint, model, …); unknown keys are kept as given. */
  options: EndpointOptions & Record<string, unknown>;
  messages: ImportedMessage[];
}

/** A source format: which values it recognises, and how one conversation of it reads. */
export interface ImportFormat {
  name: ImportFormatName;
  /** Whether a value (an item of a top-level array, or the whole document) is one conversation of this format. */
  matches(value: unknown): boolean;
  /** Reads one conversation; throws an ImportError naming what is wrong when it is malformed. */
  read(value: unknown, index: number): ImportedConversation;
}

/** A conversation (or file) that cannot be read; the message says why, for the import report. */
export class ImportError extends Error {}
