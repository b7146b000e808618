import { exportMessageText } from './message-text.js';
import type { FlatMessage } from './pick-messages.js';

/** Spec 001 §9: the columns, in this order. */
export const csvColumns = ['sender', 'text', 'isCreatedByUser', 'error', 'unfinished', 'messageId', 'parentMessageId', 'createdAt'] as const;

/** export-from-json's cell: strings as they are, anything else as JSON, missing as empty. */
function cellText(value: unknown): string {
  return (typeof value === 'string' ? value : JSON.stringify(value)) || '';
}

/** Quoted only when the value holds a comma, a double quote or a line feed; inner quotes doubled. */
function quote(text: string): string {
  return text.includes(',') || text.includes('"') || text.includes('\n') ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * LibreChat's `.csv` export: header unquoted, CRLF between rows, no trailing newline, no BOM. Like
 * LibreChat it fails when none of the messages has one of the columns at all.
 */
export function toCsv(messages: readonly FlatMessage[]): string {
  for (const column of csvColumns) {
    if (!messages.some((message) => Object.hasOwn(message, column))) throw new Error(`No message has a ${column} to export`);
  }
  const rows = messages.map((message) => csvColumns.map((column) => quote(cellText(column === 'text' ? exportMessageText(message) : message[column]))).join(','));
  return `${csvColumns.join(',')}\r\n${rows.join('\r\n')}`;
}
