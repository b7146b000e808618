import { createContext, useContext } from 'react';
import type { EndpointsConfig } from '../../../lib/endpoints/index.js';
import type { ChatActions } from '../hooks/use-chat-actions.js';

/** What every row needs besides its message; changes rarely (submitting, editing), never per frame. */
export interface MessageRowContextValue {
  actions: ChatActions;
  isSubmitting: boolean;
  /** The conversation's endpoint type, else its name: what the availability rules look at. */
  endpointKind: string | null;
  endpointsConfig?: EndpointsConfig;
  latex: boolean;
  editingId: string | null;
  setEditingId(id: string | null): void;
  /** ‹ › at the position of `messageId`'s parent. */
  selectSibling(parentMessageId: string, index: number): void;
}

export const MessageRowContext = createContext<MessageRowContextValue | null>(null);

export function useMessageRowContext(): MessageRowContextValue {
  const value = useContext(MessageRowContext);
  if (!value) throw new Error('A message row needs the chat screen around it');
  return value;
}
