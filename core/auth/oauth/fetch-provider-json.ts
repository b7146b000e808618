import type { z } from 'zod';
import { OAuthFlowError } from './oauth-failure.js';

const PROVIDER_TIMEOUT_MS = 10_000;

/**
 * GET a provider API with the user's access token and validate the answer. Every failure (network,
 * status, shape) becomes a provider_error, so a misbehaving provider never reaches the store.
 */
export async function fetchProviderJson<Schema extends z.ZodType>(
  url: string,
  accessToken: string,
  schema: Schema,
  headers: Record<string, string> = {},
): Promise<z.output<Schema>> {
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { accept: 'application/json', 'user-agent': 'chatbox', ...headers, authorization: `Bearer ${accessToken}` },
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    });
  } catch (error) {
    throw new OAuthFlowError('provider_error', `GET ${url} failed: ${(error as Error).message}`, { cause: error });
  }
  if (!response.ok) throw new OAuthFlowError('provider_error', `GET ${url} answered ${response.status}`);
  const body: unknown = await response.json().catch(() => undefined);
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new OAuthFlowError('provider_error', `GET ${url} answered an unexpected shape: ${parsed.error.message}`);
  return parsed.data;
}
