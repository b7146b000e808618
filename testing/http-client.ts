import { readSseFrames, type SseFrame } from './sse-frames.js';

/**
 * A scripted API client over real HTTP, as a program using chatbox would be: it signs up, then
 * calls JSON routes and reads chat streams frame by frame.
 */
export function createHttpClient(baseUrl: string) {
  let token = '';
  const headers = () => ({ 'content-type': 'application/json', authorization: `Bearer ${token}` });

  async function call<T = any>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
    const response = await fetch(`${baseUrl}${path}`, { method, headers: headers(), body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
  }

  return {
    call,
    async register(email: string, password = 'a-long-password'): Promise<void> {
      const answer = await call<{ token: string }>('POST', '/api/auth/register', { name: 'Script User', email, password, confirm_password: password });
      if (answer.status !== 200) throw new Error(`register: ${answer.status} ${JSON.stringify(answer.body)}`);
      token = answer.body.token;
    },
    /** Signs in to an existing account (a restarted server, a second client). */
    async signIn(email: string, password = 'a-long-password'): Promise<void> {
      const answer = await call<{ token: string }>('POST', '/api/auth/login', { email, password });
      if (answer.status !== 200) throw new Error(`login: ${answer.status} ${JSON.stringify(answer.body)}`);
      token = answer.body.token;
    },
    /** Starts a turn; `frames` yields as they arrive, `abort` drops the connection. */
    stream(path: string, body: Record<string, unknown>) {
      const controller = new AbortController();
      const response = fetch(`${baseUrl}${path}`, { method: 'POST', headers: headers(), body: JSON.stringify(body), signal: controller.signal });
      return {
        abort: () => controller.abort(),
        async *frames(): AsyncGenerator<SseFrame> {
          yield* readSseFrames(await response);
        },
      };
    },
    /** A whole turn: every frame until the stream ends. */
    async ask(path: string, body: Record<string, unknown>): Promise<SseFrame[]> {
      const frames: SseFrame[] = [];
      for await (const frame of this.stream(path, body).frames()) frames.push(frame);
      return frames;
    },
  };
}

export type HttpClient = ReturnType<typeof createHttpClient>;
