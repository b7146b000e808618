import type { ChatMessage, ChatRequest, ContentPart } from '../../core/plugin-api/index.js';
import { contentParts, contentText, isBlankContent } from './message-content.js';

/**
 * The system prompt of a request: `request.system` followed by any system-role messages of the
 * history, for APIs that take it apart from the turns (Anthropic `system`, Gemini `systemInstruction`).
 */
export function collectSystemPrompt(request: ChatRequest, ...extra: Array<string | undefined>): string | undefined {
  const pieces = [request.system, ...extra, ...request.messages.filter((message) => message.role === 'system').map((message) => contentText(message.content))];
  const text = pieces.filter((piece): piece is string => typeof piece === 'string' && piece.trim() !== '').join('\n\n');
  return text === '' ? undefined : text;
}

/** A turn of an API that alternates two sides: tool results travel on the user's side (Anthropic, Gemini). */
export interface Turn {
  role: 'user' | 'assistant';
  content: ChatMessage['content'];
}

function merge(previous: ChatMessage['content'], next: ChatMessage['content']): ChatMessage['content'] {
  if (typeof previous === 'string' && typeof next === 'string') return [previous, next].filter((text) => text !== '').join('\n\n');
  return [...contentParts(previous), ...contentParts(next)];
}

/**
 * The user and assistant turns, with empty ones dropped (an aborted reply with no text) and
 * consecutive same-side messages merged, because Anthropic and Gemini require alternating turns.
 * A `tool` message is on the user's side, so tool results and a following prompt make one turn.
 */
export function alternatingTurns(messages: ChatMessage[]): Turn[] {
  const turns: Turn[] = [];
  for (const message of messages) {
    if (message.role === 'system' || isBlankContent(message.content)) continue;
    const role = message.role === 'assistant' ? 'assistant' : 'user';
    const previous = turns.at(-1);
    if (previous && previous.role === role) previous.content = merge(previous.content, message.content);
    else turns.push({ role, content: message.content });
  }
  return turns;
}

const turnRank: Record<ContentPart['type'], number> = { 'tool-result': 0, image: 1, file: 1, text: 2, 'tool-call': 2 };

/**
 * A user-side turn's parts in the order Anthropic and Gemini want: tool results first (right after
 * the calls they answer), then images and files (before the text that refers to them), then text.
 * The sort is stable, so parts of one rank keep their order.
 */
export function inTurnOrder(parts: ContentPart[]): ContentPart[] {
  return [...parts].sort((left, right) => turnRank[left.type] - turnRank[right.type]);
}
