/** Every failed call surfaces as an ApiError parsed from the server's `{ message, code }` body. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    /** HTTP status; 0 when the request never got an answer (network down, CORS, abort). */
    readonly status: number,
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export async function toApiError(response: Response): Promise<ApiError> {
  const fallback = response.statusText || `Request failed with status ${response.status}`;
  const body = await readBody(response).catch(() => undefined);
  if (body && typeof body === 'object') {
    const { message, code } = body as { message?: unknown; code?: unknown };
    return new ApiError(
      response.status,
      typeof message === 'string' && message ? message : fallback,
      typeof code === 'string' ? code : undefined,
    );
  }
  return new ApiError(response.status, typeof body === 'string' && body ? body : fallback);
}

/** JSON when the server says so, text otherwise, undefined for an empty body. */
export async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) return JSON.parse(text) as unknown;
  return text;
}
