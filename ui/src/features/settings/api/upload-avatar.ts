import type { UserDto } from '@protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.js';
import { userQueryKey } from '../../../lib/query-keys.js';

/**
 * POST /api/files/images/avatar (spec 001 §7): multipart with the image as `input` and `manual`
 * true; answers the new picture's url.
 */
export function uploadAvatar(file: File): Promise<{ url: string }> {
  const form = new FormData();
  form.append('input', file, file.name);
  form.append('manual', 'true');
  return apiClient.post<{ url: string }>('/api/files/images/avatar', form);
}

export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAvatar,
    onSuccess: ({ url }) => {
      queryClient.setQueryData<UserDto>(userQueryKey, (user) => (user ? { ...user, avatar: url } : user));
    },
  });
}
