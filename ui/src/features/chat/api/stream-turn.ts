import { refreshSession } from '../../../lib/api-client.js';
import { fetchEventStream, SseHttpError, type EventStreamRequest, type SseEvent } from '../../../lib/sse/index.js';
import { tokenStore } from '../../../lib/token-store.js';

export interface StreamTurnRequest {
  /** `ask` for a new turn or a regenerate, `edit` to continue a reply. */
  mode: 'ask' | 'edit';
  /** The path segment: the endpoint name, or `custom` for librechat.yaml endpoints. */
  routeEndpoint: string;
  body: Record<string, unknown>;
  signal: AbortSignal;
  onEvent(event: SseEvent): void;
}

/** POST /api/{ask|edit}/{endpoint} as a server-sent event stream (see fetchStreamWithSession). */
export async function streamTurn({ mode, routeEndpoint, body, signal, onEvent }: StreamTurnRequest): Promise<void> {
  // Assistants run through their own route (LibreChat's; an edit goes to /chat/modify, which refuses it).
  const url = routeEndpoint === 'assistants' ? `/api/assistants/chat${mode === 'edit' ? '/modify' : ''}` : `/api/${mode}/${encodeURIComponent(routeEndpoint)}`;
  await fetchStreamWithSession(url, { body, signal, onEvent });
}

/**
 * A server-sent event stream under the signed-in session. A 401 before the first frame (the access
 * token expired) refreshes the session once, shared with other requests, and starts the same
 * request again; a failed refresh clears the token, which sends the user to sign in.
 */
export async function fetchStreamWithSession(url: string, request: Omit<EventStreamRequest, 'headers'>): Promise<void> {
  const send = (token: string | null) => fetchEventStream(url, { ...request, headers: token ? { Authorization: `Bearer ${token}` } : {} });
  const token = tokenStore.get();
  try {
    await send(token);
  } catch (error) {
    if (!(error instanceof SseHttpError) || error.status !== 401) throw error;
    const current = tokenStore.get();
    const fresh = current && current !== token ? current : (await refreshSession())?.token;
    if (!fresh) throw error;
    await send(fresh);
  }
}
