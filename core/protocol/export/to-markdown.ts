import type { ExportOptionsBlock } from './export-options.js';
import { exportMessageText } from './message-text.js';
import type { FlatMessage } from './pick-messages.js';
import { exportValueText, type ExportHeader } from './to-text.js';

/** LibreChat's `.md` export: the text export's content as a Markdown document. */
export function toMarkdown(header: ExportHeader, options: ExportOptionsBlock | null, messages: readonly FlatMessage[]): string {
  let markdown = '# Conversation\n';
  markdown += `- conversationId: ${exportValueText(header.conversationId)}\n- endpoint: ${exportValueText(header.endpoint)}\n- title: ${exportValueText(header.title)}\n- exportAt: ${header.exportAt}\n`;
  if (options) {
    markdown += '\n## Options\n';
    for (const [key, value] of Object.entries(options)) markdown += `- ${key}: ${exportValueText(value)}\n`;
  }
  markdown += '\n## History\n';
  for (const message of messages) {
    markdown += `**${exportValueText(message.sender)}:**\n${exportValueText(exportMessageText(message))}\n`;
    if (message.error) markdown += '*(This is an error message)*\n';
    if (message.unfinished) markdown += '*(This is an unfinished message)*\n';
    markdown += '\n\n';
  }
  return markdown;
}
