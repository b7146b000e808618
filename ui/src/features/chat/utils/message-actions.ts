import { endpointMessageActions } from '@protocol';
import type { ChatMessage } from './chat-message.js';

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

/**
 * The availability rules of spec 000 §5, in one place so the buttons and their tests agree; which
 * endpoints edit, branch and resubmit replies is the endpoint catalogue's (core/protocol).
 */
export function getMessageActions({ message, isLatest, isEditing, isSubmitting, endpoint, parent }: MessageActionInput): MessageActions {
  const { edit: editable, branch: branching } = endpointMessageActions(endpoint);
  const resubmitsReplies = endpointMessageActions(message.endpoint).resubmitReply && endpointMessageActions(endpoint).resubmitReply;
  const isSearchResult = Boolean(message.searchResult);
  const finishReason = typeof message.finish_reason === 'string' ? message.finish_reason : null;
  return {
    // An error reply carries finish_reason 'error' on this server; continuing it would resend the
    // error text as the start of a reply, so errors are excluded (they are edited or regenerated).
    canContinue: isLatest && Boolean(finishReason) && finishReason !== 'stop' && !message.error && !isEditing && !isSearchResult && editable,
    canRegenerate:
      !message.isCreatedByUser && !isSearchResult && !isEditing && !isSubmitting && branching && Boolean(parent?.isCreatedByUser),
    canEdit: !(isSubmitting || message.error || isSearchResult || !branching || (!editable && !message.isCreatedByUser)),
    saveAndSubmitDisabled: isSubmitting || (!message.isCreatedByUser && !resubmitsReplies),
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
