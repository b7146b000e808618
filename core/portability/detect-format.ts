import { chatbotUiFormat } from './formats/chatbot-ui.js';
import { chatGptFormat } from './formats/chatgpt.js';
import { claudeFormat } from './formats/claude.js';
import { chatboxFormat, libreChatFormat } from './formats/librechat.js';
import { openWebUiFormat } from './formats/open-webui.js';
import { ImportError, type ImportFormat } from './imported-conversation.js';
import { isRecord } from './source-values.js';

// Checked in order: chatbox's JSON is LibreChat's plus a section, so it is looked for first.
const conversationFormats: readonly ImportFormat[] = [claudeFormat, chatGptFormat, openWebUiFormat, chatboxFormat, libreChatFormat, chatbotUiFormat];

/** The format one conversation is in, by its content (never the file's name); null when none fits. */
export function formatOf(value: unknown): ImportFormat | null {
  return conversationFormats.find((format) => format.matches(value)) ?? null;
}

/**
 * The conversations of a file whose top level is an object: chatbot-ui's `{ version, history }`
 * holds many, any other format is one conversation. Throws when the object is in no known format.
 */
export function conversationsOfDocument(document: unknown): { format: ImportFormat; conversations: unknown[] } {
  if (isRecord(document) && 'version' in document && Array.isArray(document.history)) return { format: chatbotUiFormat, conversations: document.history };
  const format = formatOf(document);
  if (!format) throw new ImportError('Unsupported import type');
  return { format, conversations: [document] };
}
