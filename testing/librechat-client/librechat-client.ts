import { readClientFrames, type ClientFrame, type FramingProblems } from './client-event-stream.js';

/** One answer as the client receives it: status, content type, raw text and the JSON when there is some. */
export interface ClientAnswer {
  status: number;
  contentType: string;
  text: string;
  json: any;
}

async function toAnswer(response: Response): Promise<ClientAnswer> {
  const text = await response.text();
  let json: unknown;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, contentType: response.headers.get('content-type') ?? '', text, json };
}

/**
 * Sends requests exactly as LibreChat v0.7.1's web client does (contract §3.1): a bearer token once
 * signed in, JSON bodies pre-stringified with a JSON content type, and calls without data (logout,
 * refresh, delete-all presets) as a POST with no body and no content type at all. The refresh
 * cookie is kept between calls, as the browser keeps it.
 */
export function createLibreChatClient(baseUrl: string) {
  let token = '';
  let refreshCookie = '';

  async function send(method: string, path: string, body?: unknown): Promise<ClientAnswer> {
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (refreshCookie) headers.cookie = refreshCookie;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${baseUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith('refreshToken='));
    if (cookie) refreshCookie = cookie.split(';')[0]!;
    return toAnswer(response);
  }

  return {
    get: (path: string) => send('GET', path),
    post: (path: string, body?: unknown) => send('POST', path, body),
    put: (path: string, body?: unknown) => send('PUT', path, body),
    patch: (path: string, body?: unknown) => send('PATCH', path, body),
    delete: (path: string) => send('DELETE', path),
    setToken(value: string) {
      token = value;
    },
    /** The refresh cookie the browser holds, e.g. to replay it from a second tab after a logout. */
    get refreshCookie() {
      return refreshCookie;
    },
    set refreshCookie(value: string) {
      refreshCookie = value;
    },
    /** POSTs a chat payload (§4.2) and reads the event stream as sse.js does. */
    async stream(path: string, payload: Record<string, unknown>): Promise<{ status: number; contentType: string; frames: AsyncGenerator<ClientFrame>; framing: FramingProblems }> {
      const response = await fetch(`${baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(payload),
      });
      const framing: FramingProblems = { problems: [] };
      return { status: response.status, contentType: response.headers.get('content-type') ?? '', frames: readClientFrames(response, framing), framing };
    },
    /** A whole stream: every frame until the server closes it. */
    async streamAll(path: string, payload: Record<string, unknown>) {
      const started = await this.stream(path, payload);
      const frames: ClientFrame[] = [];
      for await (const frame of started.frames) frames.push(frame);
      return { status: started.status, contentType: started.contentType, frames, framing: started.framing };
    },
  };
}

export type LibreChatClient = ReturnType<typeof createLibreChatClient>;
