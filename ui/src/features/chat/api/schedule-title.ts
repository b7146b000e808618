import type { QueryClient } from '@tanstack/react-query';
import { setConversationTitle } from '../../../lib/conversation-cache.js';
import { generateTitle } from './generate-title.js';

/** Spec 000 §4/§9: the title is asked for 2.5 s after the first exchange's final frame. */
export const TITLE_DELAY_MS = 2500;

/** Fetches the generated title once and writes it wherever the conversation is cached. */
export function scheduleTitle(queryClient: QueryClient, conversationId: string): void {
  setTimeout(() => {
    generateTitle(conversationId).then(
      ({ title }) => {
        if (title) setConversationTitle(queryClient, conversationId, title);
      },
      // 404: no title was made (titles off, the provider failed): the conversation keeps "New Chat".
      () => undefined,
    );
  }, TITLE_DELAY_MS);
}
