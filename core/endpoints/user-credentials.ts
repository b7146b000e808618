import { ChatboxError } from '../errors/index.js';
import type { ProviderCredentials } from '../plugin-api/index.js';
import type { ConfiguredEndpoint } from './configured-endpoint.js';

/** The user's credentials for an endpoint that needs them, or undefined when the endpoint has its own. */
export type CredentialsResolver = (userId: string, entry: ConfiguredEndpoint) => Promise<ProviderCredentials | undefined>;

/**
 * Turns a user's saved key into provider credentials. The saved value is the key itself, or JSON:
 * `{apiKey, baseURL}` for custom endpoints, Azure's `azureOpenAIApi*` fields, or a Google service
 * account. A needed base URL that is missing is the catalogue's no_base_url. A base URL is taken
 * only where the operator left it to the user (`baseURL: user_provided`): where the yaml or the
 * environment fixes it, a `baseURL` in the saved value must not send the call elsewhere.
 */
export function parseUserKey(value: string, entry: ConfiguredEndpoint): ProviderCredentials {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    parsed = undefined;
  }
  const credentials: ProviderCredentials =
    parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (() => {
          const fields = parsed as Record<string, unknown>;
          const text = (name: string) => (typeof fields[name] === 'string' && fields[name] !== '' ? (fields[name] as string) : undefined);
          // Not left in `extra` either, where a provider could pick it up.
          const extra = Object.fromEntries(Object.entries(fields).filter(([name]) => name !== 'baseURL'));
          return { apiKey: text('apiKey') ?? text('azureOpenAIApiKey'), baseURL: entry.userProvideURL ? text('baseURL') : undefined, extra };
        })()
      : { apiKey: value };
  if (entry.userProvideURL && !credentials.baseURL) throw new ChatboxError('no_base_url');
  return credentials;
}

export function createCredentialsResolver(userKeys: { get(userId: string, name: string, label?: string): Promise<string> }): CredentialsResolver {
  return async (userId: string, entry: ConfiguredEndpoint) => {
    if (!entry.userProvide && !entry.userProvideURL) return undefined;
    return parseUserKey(await userKeys.get(userId, entry.keyName ?? entry.name, entry.modelDisplayLabel ?? entry.name), entry);
  };
}
