import type { ResetPasswordRequest } from '@protocol';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.js';

export function resetPassword(body: ResetPasswordRequest): Promise<{ message: string }> {
  return apiClient.post<{ message: string }>('/api/auth/resetPassword', body);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
