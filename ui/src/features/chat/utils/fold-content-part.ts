import type { ReceivedFrame } from '@protocol';
import type { ChatMessage } from './chat-message.js';
import { upsertMessage, type TurnIds } from './fold-frames.js';

export type ContentPartFrame = Extract<ReceivedFrame, { index: number; type: string }>;

/** A stored content part, as the server keeps it (a text part's value under `text.value`). */
export type ContentPart = Record<string, unknown> & { type: string };

/** The part a frame carries, in its stored shape: a streamed text part's cumulative string becomes `{value}`. */
export function partOf(frame: ContentPartFrame): ContentPart {
  switch (frame.type) {
    case 'text':
      return { type: 'text', text: typeof frame.text === 'string' ? { value: frame.text, annotations: [] } : frame.text };
    case 'tool_call':
      return { type: 'tool_call', tool_call: frame.tool_call };
    case 'image_file':
      return { type: 'image_file', image_file: frame.image_file };
    case 'error':
      return { type: 'error', text: frame.text };
  }
}

/** The text of a part list: its text parts joined by a blank line, as the server stores `text`. */
export function textOfParts(parts: readonly unknown[]): string {
  return parts
    .flatMap((part) => {
      if (!part || typeof part !== 'object' || !('type' in part) || part.type !== 'text' || !('text' in part)) return [];
      const text = part.text;
      if (typeof text === 'string') return [text];
      return text && typeof text === 'object' && 'value' in text && typeof text.value === 'string' ? [text.value] : [];
    })
    .filter((text) => text !== '')
    .join('\n\n');
}

/**
 * A content-part frame of the assistants endpoint: the part is set at `content[index]` of the reply
 * (a text part is the whole part so far, a tool call its latest state), and `text` follows.
 */
export function foldContentPart(messages: readonly ChatMessage[], ids: TurnIds, frame: ContentPartFrame, template: ChatMessage): ChatMessage[] {
  const current = messages.find((message) => message.messageId === ids.responseMessageId) ?? template;
  const content = [...(current.content ?? [])];
  content[frame.index] = partOf(frame);
  // A part may arrive before a lower index (a tool call before its text): holes are left empty.
  const filled = Array.from(content, (part) => part ?? { type: 'text', text: { value: '', annotations: [] } });
  return upsertMessage(messages, ids.responseMessageId, { ...current, content: filled, text: textOfParts(filled) });
}
