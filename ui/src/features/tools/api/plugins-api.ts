import type { PluginInstallRequest, UserDto } from '@protocol';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.js';
import { getUserQueryOptions } from '../../../lib/auth/get-user.js';

// The catalogue query is shared: the chat's plugin boxes take their titles from it too.
export { getAvailablePluginsQueryOptions, useAvailablePluginsQuery } from '../../../lib/plugins/index.js';

/** The signed-in user's installed plugin keys (`user.plugins`), from the shared user query; undefined until it loaded. */
export function useInstalledPlugins(): string[] | undefined {
  const { data } = useQuery(getUserQueryOptions(true));
  return data?.plugins;
}

/** POST /api/user/plugins; answers nothing. */
export function updateUserPlugins(request: PluginInstallRequest): Promise<unknown> {
  return apiClient.post('/api/user/plugins', request);
}

/**
 * Install or uninstall; on success the cached user's `plugins` follows, so the store's buttons and
 * the picker change at once without refetching the user.
 */
export function useUpdateUserPlugins() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserPlugins,
    onSuccess: (_answer, { pluginKey, action }) => {
      queryClient.setQueryData<UserDto>(getUserQueryOptions(true).queryKey, (user) => {
        if (!user) return user;
        const others = (user.plugins ?? []).filter((key) => key !== pluginKey);
        return { ...user, plugins: action === 'install' ? [...others, pluginKey] : others };
      });
    },
  });
}
