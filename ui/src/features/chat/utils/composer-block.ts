import { SEARCH_VIEW, type ChatMessage } from './chat-message.js';
import { isAppendable } from './message-actions.js';

/** Why the composer takes no input; each has its own placeholder text. */
export type ComposerBlock = 'search-view' | 'no-endpoint' | 'key-missing' | 'assistant-deleted' | 'no-assistant' | 'not-appendable';

export interface ComposerBlockInput {
  conversationId: string;
  endpoint: string | null | undefined;
  keyMissing: boolean;
  /** The assistants endpoint without an assistant of the user's chosen (spec 001 §2). */
  assistantMissing?: boolean;
  /** The conversation's own assistant is gone (deleted since): its thread stays readable (issue 18 §5), the input says why it is closed. */
  assistantDeleted?: boolean;
  latest: ChatMessage | undefined;
  isSubmitting: boolean;
}

/** Spec 000 §2/§4/§5: the search view, no endpoint, a missing user key, or a last reply to fix first. */
export function composerBlock({ conversationId, endpoint, keyMissing, assistantMissing, assistantDeleted, latest, isSubmitting }: ComposerBlockInput): ComposerBlock | null {
  if (conversationId === SEARCH_VIEW) return 'search-view';
  if (!endpoint) return 'no-endpoint';
  if (keyMissing) return 'key-missing';
  if (assistantMissing) return assistantDeleted ? 'assistant-deleted' : 'no-assistant';
  if (!isAppendable(latest, isSubmitting)) return 'not-appendable';
  return null;
}
