import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.js';
import { tokenCountQueryKey } from '../../../lib/query-keys.js';
import { useDebouncedValue } from '../../../lib/use-debounced-value.js';

/** Spec 000 §9: the token count waits until typing pauses for 250 ms. */
export const TOKEN_COUNT_DEBOUNCE = 250;

export const countTokens = (text: string) => apiClient.post<{ count: number }>('/api/tokenizer', { text });

export function getTokenCountQueryOptions(text: string) {
  return queryOptions({
    queryKey: tokenCountQueryKey(text),
    queryFn: async () => (await countTokens(text)).count,
    enabled: text.length > 0,
    staleTime: Infinity,
  });
}

/** The tokens in `text` as the server counts them, once typing pauses; 0 for no text. */
export function useTokenCount(text: string): number {
  const settled = useDebouncedValue(text, TOKEN_COUNT_DEBOUNCE);
  const { data } = useQuery({ ...getTokenCountQueryOptions(settled), placeholderData: (previous) => previous });
  return settled ? (data ?? 0) : 0;
}
