import { apiClient, isApiError } from '../../../lib/api-client.js';

export type AbortOutcome =
  /** The turn stopped; its saved state (`{final: true, …}`, else a partial result). */
  | { kind: 'answer'; payload: Record<string, unknown> }
  /**
   * Nothing ran under that key (the turn had already ended, or had not begun): the server answers a
   * JSON 404 (a 204 from older servers means the same).
   */
  | { kind: 'nothing-running' };

/** POST /api/ask/{endpoint}/abort (assistants: /api/assistants/chat/abort) {abortKey}: stops the upstream call and answers what was saved. */
export async function abortTurn(routeEndpoint: string, abortKey: string, endpoint: string): Promise<AbortOutcome> {
  try {
    const path = routeEndpoint === 'assistants' ? '/api/assistants/chat/abort' : `/api/ask/${encodeURIComponent(routeEndpoint)}/abort`;
    const payload = await apiClient.post<Record<string, unknown> | undefined>(path, {
      abortKey,
      endpoint,
    });
    return payload && typeof payload === 'object' ? { kind: 'answer', payload } : { kind: 'nothing-running' };
  } catch (error) {
    if (isApiError(error) && error.status === 404) return { kind: 'nothing-running' };
    throw error;
  }
}
