/** A conversation of an imported file that was not imported, and why. */
export interface ImportFailureDto {
  name: string;
  reason: string;
}

/** POST /api/convos/import: 201 when the file was read to its end; 400 (with `message` the reason) when it is in no known format or breaks off. */
export interface ImportConversationsResponse {
  message: string;
  /** The export's format by content: chatgpt, claude, librechat, chatbox, open-webui, chatbot-ui; null when none was recognised. */
  format: string | null;
  imported: number;
  /** Imported before: left as they are. */
  skipped: number;
  /** The first 1000 failures; failedCount counts them all. */
  failed: ImportFailureDto[];
  failedCount: number;
  /** An export-all archive only: the presets saved. */
  presets?: number;
  /** An export-all archive only: its files stored, there from an earlier import, or not stored. */
  files?: { imported: number; skipped: number; failed: number };
}
