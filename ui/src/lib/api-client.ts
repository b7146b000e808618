import type { AuthResponse } from '@protocol';
import { ApiError, readBody, toApiError } from './api-error.js';
import { tokenStore } from './token-store.js';

export { ApiError, isApiError } from './api-error.js';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRequestOptions {
  method?: Method;
  /** Serialized as JSON unless it is FormData (uploads). */
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** 'blob' reads the answer as bytes (downloads, images) instead of JSON or text. */
  responseType?: 'body' | 'blob';
}

const REFRESH_PATH = '/api/auth/refresh';

/** Sign-in family: a 401 there is an answer (wrong password, no session), not an expired token. */
function isAuthPath(path: string): boolean {
  return path.startsWith('/api/auth/');
}

let onAuthFailure: () => void = () => {
  window.location.assign('/login');
};

/** The AuthProvider swaps in a router-aware handler that also clears the session. */
export function setAuthFailureHandler(handler: () => void): () => void {
  const previous = onAuthFailure;
  onAuthFailure = handler;
  return () => {
    onAuthFailure = previous;
  };
}

function buildUrl(path: string, query?: ApiRequestOptions['query']): string {
  if (!query) return path;
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `${path}${path.includes('?') ? '&' : '?'}${text}` : path;
}

function send(path: string, options: ApiRequestOptions, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  if (token) headers.Authorization = `Bearer ${token}`;
  return fetch(buildUrl(path, options.query), {
    method: options.method ?? 'GET',
    headers,
    body,
    // The refresh token is an httpOnly cookie; it must travel with every call.
    credentials: 'include',
    signal: options.signal,
  }).catch((error: unknown) => {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, error instanceof Error ? error.message : 'Network error', 'network_error');
  });
}

async function parse<T>(response: Response, responseType: ApiRequestOptions['responseType']): Promise<T> {
  if (!response.ok) throw await toApiError(response);
  return (responseType === 'blob' ? await response.blob() : await readBody(response)) as T;
}

function isAuthResponse(value: unknown): value is AuthResponse {
  return !!value && typeof value === 'object' && typeof (value as AuthResponse).token === 'string';
}

async function postRefresh(retry: boolean): Promise<Response> {
  return send(retry ? `${REFRESH_PATH}?retry=true` : REFRESH_PATH, { method: 'POST' }, null);
}

async function runRefresh(): Promise<AuthResponse | null> {
  try {
    let response = await postRefresh(false);
    // A 401 from the refresh itself (a cookie rotated by another tab in the same instant) gets one
    // repeat flagged retry=true, as LibreChat's client does, before the session counts as lost.
    if (response.status === 401) response = await postRefresh(true);
    const body = response.ok ? await readBody(response) : undefined;
    if (isAuthResponse(body)) {
      tokenStore.set(body.token);
      return body;
    }
  } catch {
    // Network failure: same outcome as an answer without a session.
  }
  tokenStore.clear();
  return null;
}

let refreshInFlight: Promise<AuthResponse | null> | null = null;

/**
 * POST /api/auth/refresh, shared: callers arriving while one is running get the same promise, so a
 * burst of 401s rotates the refresh cookie once. Resolves null when there is no session (`{}`).
 */
export function refreshSession(): Promise<AuthResponse | null> {
  refreshInFlight ??= runRefresh().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

/** Sends with the bearer token; on a 401 outside the sign-in family, one shared refresh and one retry. */
async function sendWithSession(path: string, options: ApiRequestOptions): Promise<Response> {
  const token = tokenStore.get();
  const response = await send(path, options, token);
  if (response.status !== 401 || isAuthPath(path)) return response;

  // Another request may have refreshed while this one was on the wire: use that token directly.
  const current = tokenStore.get();
  const fresh = current && current !== token ? current : (await refreshSession())?.token;
  if (!fresh) {
    onAuthFailure();
    throw await toApiError(response);
  }
  return send(path, options, fresh);
}

/**
 * fetch wrapper: JSON in and out, bearer token from the token store, one shared refresh and one
 * retry on a 401 outside the sign-in family. Throws ApiError.
 */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  return parse<T>(await sendWithSession(path, options), options.responseType);
}

/** The answer itself, with apiRequest's session handling, for a body read as it arrives (a download's progress). Throws ApiError unless ok. */
export async function apiResponse(path: string, options: ApiRequestOptions = {}): Promise<Response> {
  const response = await sendWithSession(path, options);
  if (!response.ok) throw await toApiError(response);
  return response;
}

type BodyOptions = Omit<ApiRequestOptions, 'method' | 'body'>;

export const apiClient = {
  get: <T>(path: string, options?: BodyOptions) => apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: BodyOptions) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: BodyOptions) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: BodyOptions) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: ApiRequestOptions) => apiRequest<T>(path, { ...options, method: 'DELETE' }),
  /** GET of bytes with the same session handling (a 401 refreshes once). */
  getBlob: (path: string, options?: BodyOptions) => apiRequest<Blob>(path, { ...options, method: 'GET', responseType: 'blob' }),
};
