import type { ChatMessage } from '../plugin-api/index.js';
import { MESSAGE_OVERHEAD_TOKENS } from './tokens.js';

export interface CountedMessage extends ChatMessage {
  tokens: number;
}

/**
 * Keeps the newest messages that fit the budget, always keeping the last one (the new prompt):
 * the model sees the end of the branch, never a middle with its ending cut off.
 */
export function pruneHistory(messages: CountedMessage[], budget: number): { kept: ChatMessage[]; dropped: number; tokens: number } {
  const kept: ChatMessage[] = [];
  let tokens = 0;
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    const cost = messages[index].tokens + MESSAGE_OVERHEAD_TOKENS;
    if (kept.length > 0 && tokens + cost > budget) break;
    tokens += cost;
    const { tokens: _counted, ...message } = messages[index];
    kept.unshift(message);
  }
  return { kept, dropped: messages.length - kept.length, tokens };
}
