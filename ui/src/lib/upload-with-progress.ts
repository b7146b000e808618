import { ApiError, refreshSession } from './api-client.js';
import { tokenStore } from './token-store.js';

/**
 * POSTs a form with the signed-in user's token and reports how much of it was sent (0 to 1): fetch
 * cannot tell upload progress, XMLHttpRequest can. On a 401 the session is refreshed and the form
 * sent once more, as apiRequest does. Resolves the JSON answer; rejects with an ApiError.
 */
export async function uploadWithProgress<T>(path: string, form: FormData, onProgress: (fraction: number) => void): Promise<T> {
  const first = await send(path, form, tokenStore.get(), onProgress);
  if (first.status !== 401) return answerOf<T>(first);
  const fresh = (await refreshSession())?.token;
  if (!fresh) return answerOf<T>(first);
  onProgress(0);
  return answerOf<T>(await send(path, form, fresh, onProgress));
}

interface RawAnswer {
  status: number;
  body: unknown;
}

function send(path: string, form: FormData, token: string | null, onProgress: (fraction: number) => void): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', path);
    request.withCredentials = true;
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => resolve({ status: request.status, body: parseBody(request.responseText) });
    request.onerror = () => reject(new ApiError(0, 'Network error'));
    request.send(form);
  });
}

function parseBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function answerOf<T>(answer: RawAnswer): T {
  if (answer.status >= 200 && answer.status < 300) return answer.body as T;
  const { body } = answer;
  const message = typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string' ? body.message : `Request failed with status ${answer.status}`;
  throw new ApiError(answer.status, message);
}
