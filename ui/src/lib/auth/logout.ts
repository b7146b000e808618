import { apiClient } from '../api-client.js';

export function logout(): Promise<{ message?: string } | undefined> {
  return apiClient.post<{ message?: string } | undefined>('/api/auth/logout');
}
