import type { AuthResponse } from '@protocol';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { refreshSession, setAuthFailureHandler } from '../api-client.js';
import { tokenStore } from '../token-store.js';
import { AuthContext, type AuthContextValue } from './auth-context.js';
import { userQueryKey } from '../query-keys.js';
import { getUserQueryOptions } from './get-user.js';
import { clearSessionData } from './housekeeping.js';
import { logout as logoutRequest } from './logout.js';

/** Name of the window event another part of the page (or an embedder) fires with a new token as `detail`. */
export const TOKEN_UPDATED_EVENT = 'tokenUpdated';

/** Session state of spec 000 §4. Lives inside the router because ending a session navigates. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const token = useSyncExternalStore(tokenStore.subscribe, tokenStore.get, tokenStore.get);
  const [initialized, setInitialized] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const userQuery = useQuery(getUserQueryOptions(token !== null));

  const endSession = useCallback(() => {
    tokenStore.clear();
    clearSessionData(queryClient);
    navigate('/login', { replace: true });
  }, [navigate, queryClient]);

  // Silent refresh on load: the httpOnly cookie turns into a token without asking for a password.
  useEffect(() => {
    let active = true;
    refreshSession()
      .then((session) => {
        if (session && active) queryClient.setQueryData(userQueryKey, session.user);
      })
      .finally(() => {
        if (active) setInitialized(true);
      });
    return () => {
      active = false;
    };
  }, [queryClient]);

  useEffect(() => setAuthFailureHandler(endSession), [endSession]);

  useEffect(() => {
    const onTokenUpdated = (event: Event) => {
      const detail = (event as CustomEvent<unknown>).detail;
      if (typeof detail === 'string' && detail) tokenStore.set(detail);
    };
    window.addEventListener(TOKEN_UPDATED_EVENT, onTokenUpdated);
    return () => window.removeEventListener(TOKEN_UPDATED_EVENT, onTokenUpdated);
  }, []);

  useEffect(() => {
    if (token) setError(null);
  }, [token]);

  useEffect(() => {
    if (!userQuery.error || !tokenStore.get()) return;
    setError(userQuery.error.message);
    endSession();
  }, [userQuery.error, endSession]);

  const setSession = useCallback(
    (session: AuthResponse) => {
      clearSessionData(queryClient);
      queryClient.setQueryData(userQueryKey, session.user);
      tokenStore.set(session.token);
      setError(null);
    },
    [queryClient],
  );

  const logout = useCallback(async () => {
    try {
      await logoutRequest();
      setError(null);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      endSession();
    }
  }, [endSession]);

  const value = useMemo<AuthContextValue>(
    () => ({
      status: token ? 'authenticated' : initialized ? 'unauthenticated' : 'loading',
      user: token ? (userQuery.data ?? null) : null,
      token,
      error,
      setSession,
      logout,
    }),
    [token, initialized, userQuery.data, error, setSession, logout],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
