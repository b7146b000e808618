import type { ChatMessage, ContentPart, ToolOutputPart } from '../../core/plugin-api/index.js';

/** A message's content as parts: a non-empty string becomes one text part, an empty one none. */
export function contentParts(content: ChatMessage['content']): ContentPart[] {
  if (typeof content !== 'string') return content;
  return content === '' ? [] : [{ type: 'text', text: content }];
}

/** The text of a message's content, its text parts joined; other parts are left out. */
export function contentText(content: ChatMessage['content'] | ToolOutputPart[]): string {
  if (typeof content === 'string') return content;
  return content.map((part) => (part.type === 'text' ? part.text : '')).join('');
}

/** True when a message has nothing to send: blank text and no other part (an aborted reply with no text). */
export function isBlankContent(content: ChatMessage['content']): boolean {
  if (typeof content === 'string') return content.trim() === '';
  return content.every((part) => part.type === 'text' && part.text.trim() === '');
}

/**
 * The arguments of a tool call as an object, for APIs that take them parsed (Anthropic `input`, Gemini
 * `args`): a stream's JSON text is parsed, anything but an object becomes `{}` (the model wrote none).
 */
export function toolInputObject(input: unknown): Record<string, unknown> {
  let value = input;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      value = {};
    }
  }
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? Object.fromEntries(Object.entries(value)) : {};
}

/** The arguments of a tool call as JSON text, for APIs that take them as a string (OpenAI `arguments`). */
export function toolInputJson(input: unknown): string {
  return typeof input === 'string' ? input : JSON.stringify(input ?? {});
}
