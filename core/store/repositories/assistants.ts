import type { ExportBatch } from './common.js';

/** A function the model may call: OpenAI's function definition. */
export interface AssistantFunction {
  name: string;
  description?: string;
  /** A JSON Schema object. */
  parameters?: Record<string, unknown>;
}

/** One tool of an assistant, in OpenAI's Assistants v1 shape (LibreChat's `image_vision` and action functions are `function` tools). */
export type AssistantTool = { type: 'code_interpreter' } | { type: 'retrieval' } | { type: 'function'; function: AssistantFunction };

/**
 * An assistant, kept by chatbox itself (OpenAI's Assistants API is gone). The fields are OpenAI's v1
 * assistant's, so the wire presenter only renames the dates; runs read instructions, model, tools and
 * file_ids from here. `user` is the author and only owner.
 */
export interface Assistant {
  /** `asst_` + 24 random characters, minted by core. */
  id: string;
  user: string;
  name: string | null;
  description: string | null;
  instructions: string | null;
  model: string;
  tools: AssistantTool[];
  /** The author's files the assistant knows (knowledge). */
  file_ids: string[];
  /** Free-form; chatbox sets `author` and `avatar`. */
  metadata: Record<string, unknown>;
  createdAt: Date;
  updatedAt: Date;
}

export type NewAssistant = Omit<Assistant, 'createdAt' | 'updatedAt'>;

/** The fields an update may change; an undefined field keeps its stored value. */
export type AssistantPatch = Partial<Pick<Assistant, 'name' | 'description' | 'instructions' | 'model' | 'tools' | 'file_ids' | 'metadata'>>;

/** OpenAI's cursor paging over one user's assistants, by created_at (then id, so equal times still have one order). */
export interface AssistantListQuery {
  order: 'asc' | 'desc';
  /** 1..100. */
  limit: number;
  /** The page starts right after this assistant, in `order`. */
  after?: string;
  /** The page ends right before this assistant, in `order`. */
  before?: string;
  /** Only these ids are listed (librechat.yaml `supportedIds`). */
  onlyIds?: readonly string[];
  /** These ids are never listed (librechat.yaml `excludedIds`). */
  exceptIds?: readonly string[];
}

export interface AssistantPage {
  /** In the query's order. */
  items: Assistant[];
  /** More assistants lie beyond the page, in the direction it was read (past `after`, or before `before`). */
  hasMore: boolean;
}

export interface AssistantsRepository {
  create(assistant: NewAssistant): Promise<Assistant>;
  find(userId: string, id: string): Promise<Assistant | null>;
  /** The updated assistant, or null when the user has none with this id. */
  update(userId: string, id: string, patch: AssistantPatch): Promise<Assistant | null>;
  delete(userId: string, id: string): Promise<boolean>;
  /** A page of the user's assistants; null when `after` or `before` names no assistant of theirs. */
  list(userId: string, query: AssistantListQuery): Promise<AssistantPage | null>;
  /** Every assistant of every user, a batch at a time, for copying the store to another driver (see ExportBatch). */
  exportBatch(after: string | null, limit: number): Promise<ExportBatch<Assistant>>;
}
