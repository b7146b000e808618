import { randomBytes, randomUUID } from 'node:crypto';
import { BingHttpError, BingResultError } from './bing-failure.js';

/** What Bing gives a new conversation: the ids and the signature the websocket needs. */
export interface BingConversation {
  conversationId: string;
  clientId: string;
  encryptedConversationSignature: string;
}

/** The cookie header: a whole cookie string as given, or a bare `_U` value (LibreChat accepts both). */
export const cookieHeader = (token: string) => (token.includes('=') ? token : `_U=${token}`);

/** Headers of an Edge browser, which Bing expects on both the create call and the websocket. */
export function edgeHeaders(token: string): Record<string, string> {
  return {
    accept: 'application/json',
    'accept-language': 'en-US,en;q=0.9',
    'content-type': 'application/json',
    'sec-ch-ua': '"Chromium";v="116", "Not)A;Brand";v="24", "Microsoft Edge";v="116"',
    'sec-ch-ua-mobile': '?0',
    'sec-ch-ua-platform': '"Windows"',
    'sec-fetch-dest': 'empty',
    'sec-fetch-mode': 'cors',
    'sec-fetch-site': 'same-origin',
    'sec-ms-gec': randomBytes(32).toString('hex').toUpperCase(),
    'sec-ms-gec-version': '1-116.0.1938.81',
    'x-ms-client-request-id': randomUUID(),
    'x-ms-useragent': 'azsdk-js-api-client-factory/1.0.0-beta.1 core-rest-pipeline/1.12.0 OS/Windows',
    cookie: cookieHeader(token),
    Referer: 'https://www.bing.com/search?q=Bing+AI&showconv=1',
  };
}

/** GET <host>/turing/conversation/create: a new Bing conversation (§6.3 step 1). */
export async function createConversation(host: string, token: string, fetch: typeof globalThis.fetch, signal: AbortSignal): Promise<BingConversation> {
  const response = await fetch(new URL('/turing/conversation/create?bundleVersion=1.864.15', host), { headers: edgeHeaders(token), signal });
  const body = await response.text();
  if (!response.ok) throw new BingHttpError(response.status, `Bing answered HTTP ${response.status} to the conversation request: ${body.slice(0, 200)}`);
  let parsed: { conversationId?: unknown; clientId?: unknown; result?: { value?: unknown; message?: unknown } };
  try {
    parsed = JSON.parse(body);
  } catch {
    throw new Error('/turing/conversation/create: failed to parse response body.');
  }
  const signature = response.headers.get('x-sydney-encryptedconversationsignature');
  const { conversationId, clientId, result } = parsed;
  if (typeof conversationId === 'string' && typeof clientId === 'string' && signature) return { conversationId, clientId, encryptedConversationSignature: signature };
  if (typeof result?.value === 'string' && result.value !== 'Success') throw new BingResultError(result.value, typeof result.message === 'string' ? result.message : '');
  throw new Error(`Unexpected response: ${body.slice(0, 200)}`);
}
