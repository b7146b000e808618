import type { ChatMessage } from './chat-message.js';

/** Spec 000 §5: endpoints whose replies can be continued and edited. */
const EDITABLE_ENDPOINTS = new Set(['openAI', 'custom', 'google', 'assistants', 'anthropic', 'gptPlugins', 'azureOpenAI']);
/** Spec 000 §5: endpoints that can regenerate, i.e. keep alternative replies as branches. */
const BRANCHING_ENDPOINTS = new Set(['azureOpenAI', 'openAI', 'custom', 'chatGPTBrowser', 'google', 'bingAI', 'gptPlugins', 'anthropic']);

export interface MessageActionInput {
  message: ChatMessage;
  /** The last message of the branch on screen. */
  isLatest: boolean;
  isEditing: boolean;
  isSubmitting: boolean;
  /** The conversation's endpoint type, else its endpoint name (custom endpoints report `custom`). */
  endpoint: string | null | undefined;
  /** The message this one answers, when loaded. */
  parent?: ChatMessage;
}

export interface MessageActions {
  canContinue: boolean;
  canRegenerate: boolean;
  canEdit: boolean;
  /** In edit mode: whether Save & Submit is disabled (Save stays available). */
  saveAndSubmitDisabled: boolean;
}

/** The availability rules of spec 000 §5, in one place so the buttons and their tests agree. */
export function getMessageActions({ message, isLatest, isEditing, isSubmitting, endpoint, parent }: MessageActionInput): MessageActions {
  const editable = EDITABLE_ENDPOINTS.has(endpoint ?? '');
  const branching = BRANCHING_ENDPOINTS.has(endpoint ?? '');
  const isSearchResult = Boolean(message.searchResult);
  const finishReason = typeof message.finish_reason === 'string' ? message.finish_reason : null;
  return {
    // An error reply carries finish_reason 'error' on this server; continuing it would resend the
    // error text as the start of a reply, so errors are excluded (they are edited or regenerated).
    canContinue: isLatest && Boolean(finishReason) && finishReason !== 'stop' && !message.error && !isEditing && !isSearchResult && editable,
    canRegenerate:
      !message.isCreatedByUser && !isSearchResult && !isEditing && !isSubmitting && branching && Boolean(parent?.isCreatedByUser),
    canEdit: !(isSubmitting || message.error || isSearchResult || !branching || (!editable && !message.isCreatedByUser)),
    saveAndSubmitDisabled: isSubmitting || (!message.isCreatedByUser && (message.endpoint === 'google' || endpoint === 'google')),
  };
}

/**
 * Spec 000 §4: an unfinished or errored last message cannot be appended to; the composer waits until
 * it is edited or regenerated. A reply still streaming is neither.
 */
export function isAppendable(latest: ChatMessage | undefined, isSubmitting: boolean): boolean {
  if (!latest) return true;
  if (latest.error) return false;
  return !(latest.unfinished && !isSubmitting);
}
