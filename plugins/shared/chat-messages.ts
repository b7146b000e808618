import type { ChatMessage, ChatRequest } from '../../core/plugin-api/index.js';

/**
 * The system prompt of a request: `request.system` followed by any system-role messages of the
 * history, for APIs that take it apart from the turns (Anthropic `system`, Gemini `systemInstruction`).
 */
export function collectSystemPrompt(request: ChatRequest, ...extra: Array<string | undefined>): string | undefined {
  const pieces = [request.system, ...extra, ...request.messages.filter((message) => message.role === 'system').map((message) => message.content)];
  const text = pieces.filter((piece): piece is string => typeof piece === 'string' && piece.trim() !== '').join('\n\n');
  return text === '' ? undefined : text;
}

/**
 * The user and assistant turns, with empty ones dropped (an aborted reply with no text) and
 * consecutive same-role messages merged, because Anthropic and Gemini require alternating turns.
 */
export function alternatingTurns(messages: ChatMessage[]): ChatMessage[] {
  const turns: ChatMessage[] = [];
  for (const message of messages) {
    if (message.role === 'system') continue;
    const hasImages = (message.images?.length ?? 0) > 0;
    if (message.content.trim() === '' && !hasImages) continue;
    const previous = turns.at(-1);
    if (previous && previous.role === message.role) {
      turns[turns.length - 1] = {
        role: previous.role,
        content: [previous.content, message.content].filter((text) => text !== '').join('\n\n'),
        images: [...(previous.images ?? []), ...(message.images ?? [])],
      };
    } else {
      turns.push({ ...message });
    }
  }
  return turns;
}
