import type { ActionAuth, ActionCall, ActionContext, ActionExecutor, ActionResponse } from '../../../core/plugin-api/index.js';
import { buildRequest } from './build-request.js';
import { createOAuthTokens } from './oauth-tokens.js';

export interface OpenApiExecutorSettings {
  /** How long one call (token request included) may take. */
  timeoutMs: number;
  /** How many characters of a response body the model gets; longer bodies are cut with a note. */
  maxResponseChars: number;
}

function truncate(body: string, max: number): string {
  if (body.length <= max) return body;
  return `${body.slice(0, max)}\n\n[The response was truncated: ${max} of ${body.length} characters shown.]`;
}

/**
 * The `openapi` action executor: one HTTP request per call, built from the spec's operation and the
 * model's arguments, with the action's auth. Only what the request builder and the auth put in the
 * headers leaves: no cookie and no chatbox credential is ever forwarded, and redirects are followed
 * by the guarded fetch, which checks every hop.
 */
export function createOpenApiExecutor(settings: OpenApiExecutorSettings): ActionExecutor {
  const tokens = createOAuthTokens();

  async function authorization(auth: ActionAuth, context: ActionContext, signal: AbortSignal): Promise<Record<string, string>> {
    if (auth.type === 'none') return {};
    if (auth.type === 'api_key') {
      if (auth.scheme === 'basic') return { authorization: `Basic ${Buffer.from(auth.key).toString('base64')}` };
      if (auth.scheme === 'bearer') return { authorization: `Bearer ${auth.key}` };
      return auth.headerName ? { [auth.headerName.toLowerCase()]: auth.key } : {};
    }
    return { authorization: `Bearer ${await tokens.get(auth, context.fetch, signal)}` };
  }

  return {
    async execute(call: ActionCall, context: ActionContext): Promise<ActionResponse> {
      const built = buildRequest(call);
      const signal = AbortSignal.any([context.signal, AbortSignal.timeout(settings.timeoutMs)]);
      const send = async () => {
        const headers = { ...built.headers, ...(await authorization(call.auth, context, signal)) };
        return context.fetch(built.url, { method: built.method, headers, body: built.body, signal, credentials: 'omit' });
      };
      let response = await send();
      if (response.status === 401 && call.auth.type === 'oauth_client_credentials') {
        // The API may revoke a token before its expiry: one new token, one more try.
        await response.body?.cancel();
        tokens.invalidate(call.auth);
        context.log?.info('an action answered 401: refreshing its OAuth token once', { host: built.url.host });
        response = await send();
      }
      const contentType = response.headers.get('content-type') ?? undefined;
      const body = built.method === 'HEAD' ? '' : await response.text();
      return { status: response.status, ...(contentType ? { contentType } : {}), body: truncate(body, settings.maxResponseChars) };
    },
  };
}
