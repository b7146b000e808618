/**
 * The access token lives in memory only: a script injected into the page could read localStorage,
 * and the httpOnly refresh cookie already restores the session after a reload.
 */
type Listener = () => void;

let currentToken: string | null = null;
const listeners = new Set<Listener>();

function notify() {
  for (const listener of listeners) listener();
}

export const tokenStore = {
  get(): string | null {
    return currentToken;
  },
  set(token: string | null): void {
    if (token === currentToken) return;
    currentToken = token;
    notify();
  },
  clear(): void {
    tokenStore.set(null);
  },
  /** useSyncExternalStore-compatible subscription. */
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
