import type { ExportOptionsBlock } from './export-options.js';
import { exportMessageText } from './message-text.js';
import type { FlatMessage } from './pick-messages.js';

/** What the text and Markdown exports print about the conversation. */
export interface ExportHeader {
  conversationId: unknown;
  endpoint: unknown;
  title: unknown;
  /** `new Date().toTimeString()` at the moment of export. */
  exportAt: string;
}

/** A value as LibreChat's template strings print it: `undefined`, `null`, `[object Object]` included. */
export const exportValueText = (value: unknown) => String(value);

/** LibreChat's `.txt` export: header, optional options, then the shown branch. */
export function toText(header: ExportHeader, options: ExportOptionsBlock | null, messages: readonly FlatMessage[]): string {
  let text = 'Conversation\n########################\n';
  text += `conversationId: ${exportValueText(header.conversationId)}\nendpoint: ${exportValueText(header.endpoint)}\ntitle: ${exportValueText(header.title)}\nexportAt: ${header.exportAt}\n`;
  if (options) {
    text += '\nOptions\n########################\n';
    for (const [key, value] of Object.entries(options)) text += `${key}: ${exportValueText(value)}\n`;
  }
  text += '\nHistory\n########################\n';
  for (const message of messages) {
    text += `>> ${exportValueText(message.sender)}:\n${exportValueText(exportMessageText(message))}\n`;
    if (message.error) text += '(This is an error message)\n';
    if (message.unfinished) text += '(This is an unfinished message)\n';
    text += '\n\n';
  }
  return text;
}
