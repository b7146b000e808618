import type { AuthResponse, RegisterRequest } from '@protocol';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { apiClient } from '../../../lib/api-client.js';
import { useAuth } from '../../../lib/auth/index.js';

export function register(body: RegisterRequest): Promise<AuthResponse> {
  return apiClient.post<AuthResponse>('/api/auth/register', body);
}

/** The server signs the new account in (token + refresh cookie), so success lands in the chat. */
export function useRegister() {
  const { setSession } = useAuth();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: register,
    onSuccess: (session) => {
      setSession(session);
      navigate('/c/new', { replace: true });
    },
  });
}
