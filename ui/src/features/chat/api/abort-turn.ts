import { apiClient, isApiError } from '../../../lib/api-client.js';

export type AbortOutcome =
  /** The turn stopped; its saved state (`{final: true, …}`, else a partial result). */
  | { kind: 'answer'; payload: Record<string, unknown> }
  /** 404 (or an empty answer): nothing ran under that key (the turn had already ended or not yet begun). */
  | { kind: 'nothing-running' };

/** POST /api/ask/{endpoint}/abort {abortKey}: stops the upstream call and answers what was saved. */
export async function abortTurn(routeEndpoint: string, abortKey: string, endpoint: string): Promise<AbortOutcome> {
  try {
    const payload = await apiClient.post<Record<string, unknown> | undefined>(`/api/ask/${encodeURIComponent(routeEndpoint)}/abort`, {
      abortKey,
      endpoint,
    });
    return payload && typeof payload === 'object' ? { kind: 'answer', payload } : { kind: 'nothing-running' };
  } catch (error) {
    if (isApiError(error) && error.status === 404) return { kind: 'nothing-running' };
    throw error;
  }
}
