import type { EndpointOptionsInput } from '@protocol';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { readStorage, writeStorage } from '../storage.js';
import { tokenStore } from '../token-store.js';

/**
 * The endpoint, model and parameters the next message is sent with: chosen in the header (endpoint
 * picker, settings popover, presets), read by the composer. Remembered as `lastConversationSetup`.
 */
export interface ChatSetup extends EndpointOptionsInput {
  endpoint: string | null;
  endpointType?: string | null;
}

export const CHAT_SETUP_KEY = 'lastConversationSetup';

interface ChatSetupValue {
  setup: ChatSetup;
  /** Merges a change (a slider moved, a model picked). */
  update(patch: Partial<ChatSetup>): void;
  /** Replaces the whole setup (a preset applied, a conversation opened, an endpoint switched). */
  replace(next: ChatSetup): void;
}

const ChatSetupContext = createContext<ChatSetupValue | null>(null);

function initialSetup(): ChatSetup {
  try {
    const stored = JSON.parse(readStorage(CHAT_SETUP_KEY) ?? 'null') as ChatSetup | null;
    if (stored && typeof stored === 'object') return { ...stored, endpoint: stored.endpoint ?? null };
  } catch {
    // A corrupt entry is ignored: the picker chooses the first endpoint.
  }
  return { endpoint: null };
}

export function ChatSetupProvider({ children }: { children: ReactNode }) {
  const [setup, setSetup] = useState<ChatSetup>(initialSetup);

  // Spec 000 §4 housekeeping: signing out forgets the setup (the stored copy is removed by the auth
  // provider); the next account starts from its own default, not from the last user's choice.
  useEffect(() => {
    let signedIn = tokenStore.get() !== null;
    return tokenStore.subscribe(() => {
      const now = tokenStore.get() !== null;
      if (signedIn && !now) setSetup({ endpoint: null });
      signedIn = now;
    });
  }, []);
  const store = useCallback((next: ChatSetup) => {
    writeStorage(CHAT_SETUP_KEY, JSON.stringify(next));
    return next;
  }, []);
  const value = useMemo<ChatSetupValue>(
    () => ({
      setup,
      update: (patch) => setSetup((current) => store({ ...current, ...patch })),
      replace: (next) => setSetup(store(next)),
    }),
    [setup, store],
  );
  return <ChatSetupContext.Provider value={value}>{children}</ChatSetupContext.Provider>;
}

export function useChatSetup(): ChatSetupValue {
  const value = useContext(ChatSetupContext);
  if (!value) throw new Error('useChatSetup needs a ChatSetupProvider above it');
  return value;
}
