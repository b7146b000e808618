import type { AuthResponse, LoginRequest } from '@protocol';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { apiClient, isApiError } from '../../../lib/api-client.js';
import { useAuth } from '../../../lib/auth/index.js';
import type { TranslationKey } from '../../../lib/i18n/index.js';

export function login(body: LoginRequest): Promise<AuthResponse> {
  return apiClient.post<AuthResponse>('/api/auth/login', body);
}

/**
 * Spec 000 §8 chooses the text by the error: rate limited (429), banned (403), server trouble (5xx),
 * else the generic one. The server's own wording is not shown, so nothing about accounts leaks.
 */
export function loginErrorKey(error: unknown): TranslationKey {
  const status = isApiError(error) ? error.status : 0;
  if (status === 429) return 'com_auth_error_login_rl';
  if (status === 403) return 'com_auth_error_login_ban';
  if (status >= 500) return 'com_auth_error_login_server';
  return 'com_auth_error_login';
}

export function useLogin() {
  const { setSession } = useAuth();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: login,
    onSuccess: (session) => {
      setSession(session);
      navigate('/c/new', { replace: true });
    },
  });
}
