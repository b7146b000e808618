import type { ChatPart, ChatRequest, ContentPart, ImageContent } from '../../core/plugin-api/index.js';

/** Test helper: drains a provider stream into an array. */
export async function collectParts(stream: AsyncIterable<ChatPart>): Promise<ChatPart[]> {
  const parts: ChatPart[] = [];
  for await (const part of stream) parts.push(part);
  return parts;
}

/** Test helper: the concatenated text deltas. */
export function textOf(parts: ChatPart[]): string {
  return parts.map((part) => (part.type === 'text-delta' ? part.text : '')).join('');
}

/** Test helper: a one-turn request with no parameters. */
export function simpleRequest(model: string, text = 'Hi', overrides: Partial<ChatRequest> = {}): ChatRequest {
  return { model, messages: [{ role: 'user', content: text }], parameters: {}, ...overrides };
}

/** Test helper: a user prompt's content with images after its text, as a client attaches them. */
export function textWithImages(text: string, images: Array<Omit<ImageContent, 'type'>>): ContentPart[] {
  return [{ type: 'text', text }, ...images.map((image): ContentPart => ({ type: 'image', ...image }))];
}

/** Test helper: a signal that never fires. */
export const neverAborted = () => new AbortController().signal;
