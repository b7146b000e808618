import { createContext, useContext } from 'react';

/**
 * What the chat screen tells other features about the conversation on screen (the export dialog
 * reads it; one feature never imports another). The chat registers it while mounted.
 */
export interface ShownConversation {
  conversationId: string;
  /** The ids of the branch on screen, so an export takes the version the user is looking at. */
  shownIds: ReadonlySet<string>;
  /**
   * Renders every message of the shown branch (the list on screen only holds the rows in view),
   * hands the element to `capture`, and removes it once the promise settles.
   */
  renderWhole<Result>(capture: (element: HTMLElement) => Promise<Result>): Promise<Result>;
}

/** A holder the app provides above the shell; read at the moment of use, never rendered from. */
export interface ShownConversationRegistry {
  current: ShownConversation | null;
}

export const ShownConversationContext = createContext<ShownConversationRegistry | null>(null);

export function useShownConversationRegistry(): ShownConversationRegistry | null {
  return useContext(ShownConversationContext);
}
