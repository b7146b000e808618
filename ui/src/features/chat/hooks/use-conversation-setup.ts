import type { ConversationDto } from '@protocol';
import { useEffect, useRef } from 'react';
import { useChatSetup, type ChatSetup } from '../../../lib/chat-setup/index.js';
import { NEW_CONVERSATION } from '../utils/chat-message.js';

/** Fields of a conversation that are not endpoint options. */
const IDENTITY_FIELDS = new Set(['conversationId', 'title', 'user', 'createdAt', 'updatedAt', 'messages', '_id', '__v', 'thread_id', 'isArchived', 'tags', 'files', 'file_ids', 'expiredAt']);

/**
 * The upstream session a legacy endpoint keeps on the conversation (Bing's signature, client id and
 * invocation count, Sydney's history id). The server holds and advances them; echoing a stale copy
 * would rewind Bing's invocation count, and a new chat started from this setup would carry on the
 * old Bing conversation.
 */
const UPSTREAM_SESSION_FIELDS = new Set(['jailbreakConversationId', 'conversationSignature', 'clientId', 'bingConversationId', 'invocationId']);

/** The options the next message of a conversation is sent with: its endpoint, model and parameters. */
export function setupFromConversation(conversation: ConversationDto): ChatSetup {
  const options = Object.fromEntries(
    Object.entries(conversation).filter(([name, value]) => !IDENTITY_FIELDS.has(name) && !UPSTREAM_SESSION_FIELDS.has(name) && value !== null && value !== undefined),
  );
  return { ...options, endpoint: conversation.endpoint ?? null } as ChatSetup;
}

/**
 * Opening a conversation puts its options into the header (endpoint picker, settings), once per
 * opening, so later changes in the header are the user's to make. `adopt` marks a conversation the
 * screen itself just created, whose options already are the header's.
 */
export function useConversationSetup(conversationId: string, conversation: ConversationDto | undefined) {
  const { replace } = useChatSetup();
  const applied = useRef<string | null>(null);

  useEffect(() => {
    if (conversationId === NEW_CONVERSATION) {
      applied.current = null;
      return;
    }
    if (!conversation || conversation.conversationId !== conversationId || applied.current === conversationId) return;
    applied.current = conversationId;
    replace(setupFromConversation(conversation));
  }, [conversationId, conversation, replace]);

  return {
    adopt: (id: string) => {
      applied.current = id;
    },
  };
}
