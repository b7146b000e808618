import type { ForgotPasswordRequest, PasswordResetRequestResponse } from '@protocol';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.js';

export function requestPasswordReset(body: ForgotPasswordRequest): Promise<PasswordResetRequestResponse> {
  return apiClient.post<PasswordResetRequestResponse>('/api/auth/requestPasswordReset', body);
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

/** The link comes from the server, but it still must not become a javascript: URL in an href. */
export function safeResetLink(link: string | undefined): string | null {
  if (!link) return null;
  try {
    const url = new URL(link, window.location.origin);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}
