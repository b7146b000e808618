import type { AuthResponse, UserDto } from '@protocol';
import { createContext, useContext } from 'react';

export type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated';

export interface AuthContextValue {
  /** 'loading' until the silent refresh on page load has answered. */
  status: AuthStatus;
  user: UserDto | null;
  token: string | null;
  /** A session-level error (user load or logout failed) to show on the login screen. */
  error: string | null;
  /** After login or registration: housekeeping, then token and user. */
  setSession: (session: AuthResponse) => void;
  /** Always ends signed out on /login, whether the server call succeeds or not. */
  logout: () => Promise<void>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth needs an AuthProvider');
  return context;
}
