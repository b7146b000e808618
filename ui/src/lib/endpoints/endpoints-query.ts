import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../api-client.js';
import { endpointsQueryKey, modelsQueryKey } from '../query-keys.js';

/** One entry of GET /api/endpoints. */
export interface EndpointConfig {
  order: number;
  type?: string;
  userProvide: boolean;
  userProvideURL: boolean;
  iconURL?: string;
  modelDisplayLabel?: string;
  azure?: boolean;
  /** The plugins endpoint: each tool's key → display name (its plugin boxes' titles). */
  plugins?: Record<string, string>;
  /** The assistants endpoint: what its builder offers (code_interpreter, image_vision, retrieval, actions, tools). */
  capabilities?: string[];
  /** The assistants endpoint: models that may use retrieval. */
  retrievalModels?: string[];
  /** The assistants endpoint: librechat.yaml `disableBuilder` (the builder is hidden). */
  disableBuilder?: boolean;
}

export type EndpointsConfig = Record<string, EndpointConfig>;

export const getEndpointsQueryOptions = () =>
  queryOptions({
    queryKey: endpointsQueryKey,
    queryFn: () => apiClient.get<EndpointsConfig>('/api/endpoints'),
    staleTime: 5 * 60_000,
  });

/** The enabled endpoints, by name. Shared by the endpoint picker, the key dialog and the composer. */
export function useEndpointsQuery() {
  return useQuery(getEndpointsQueryOptions());
}

export const getModelsQueryOptions = () =>
  queryOptions({
    queryKey: modelsQueryKey,
    queryFn: () => apiClient.get<Record<string, string[]>>('/api/models'),
    staleTime: 5 * 60_000,
  });

/** Models offered per endpoint name. */
export function useModelsQuery() {
  return useQuery(getModelsQueryOptions());
}
