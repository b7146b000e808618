import type { ActionAuth, ActionExecutor, PluginLogger, Tool } from '../../plugin-api/index.js';
import type { KeyVault } from '../../keys/key-vault.js';
import { createGuardedFetch } from '../../net/guarded-fetch.js';
import { encodeActionDomain, splitActionFunctionName, validateSpec } from '../../protocol/openapi/index.js';
import type { Action } from '../../store/repositories/actions.js';
import type { Assistant, AssistantFunction } from '../../store/repositories/assistants.js';
import type { Store } from '../../store/types.js';
import type { ResolvedTool } from '../../tools/tool-catalogue.js';
import { openSecret } from './action-secrets.js';
import { isAllowedActionUrl } from './allowed-domains.js';
import type { ActionRules } from './save-action.js';

export interface ActionToolDeps {
  store: Store;
  vault: KeyVault;
  executor: ActionExecutor;
  rules: ActionRules;
  log: PluginLogger;
}

function authOf(action: Action, open: (field: 'api_key' | 'oauth_client_id' | 'oauth_client_secret') => string): ActionAuth {
  const { auth } = action.metadata;
  if (auth.type === 'service_http') {
    return { type: 'api_key', key: open('api_key'), scheme: auth.authorization_type ?? 'bearer', ...(auth.custom_auth_header ? { headerName: auth.custom_auth_header } : {}) };
  }
  if (auth.type === 'oauth') {
    if (!auth.client_url) throw new Error('The action has no OAuth token URL');
    return { type: 'oauth_client_credentials', tokenUrl: auth.client_url, clientId: open('oauth_client_id'), clientSecret: open('oauth_client_secret'), ...(auth.scope ? { scope: auth.scope } : {}), exchange: auth.token_exchange_method ?? 'default_post' };
  }
  return { type: 'none' };
}

/** `host:port` as an `ssrf.allowedHosts` entry reads it (IPv6 in brackets). */
const hostEntry = (url: URL) => `${url.hostname}:${url.port || (url.protocol === 'https:' ? '443' : '80')}`;

/**
 * The tools of an assistant's action functions for a run. Each call reads the action again (it may
 * have changed since the assistant was saved), converts its spec, opens its secrets and hands the
 * operation to the `action-executor` plugin with a fetch that is SSRF-guarded, except for a domain the
 * operator listed in `actions.allowedDomains` (which may then be private; its redirects are still checked).
 */
export function createActionToolFactory(deps: ActionToolDeps) {
  const fetches = new Map<string, typeof globalThis.fetch>();
  const fetchFor = (url: URL) => {
    if (deps.rules.allowedDomains.length > 0 && !isAllowedActionUrl(url, deps.rules.allowedDomains)) {
      throw new Error(`Domain ${url.hostname} is not in the allowed domains of this server`);
    }
    const hosts = deps.rules.allowedDomains.length > 0 ? [...deps.rules.allowedHosts, hostEntry(url)] : deps.rules.allowedHosts;
    const key = hosts.join('\n');
    let found = fetches.get(key);
    if (!found) fetches.set(key, (found = createGuardedFetch(hosts)));
    return found;
  };

  return (context: { userId: string; assistant: Assistant; function: AssistantFunction }): ResolvedTool => {
    const { name } = context.function;
    const tool: Tool = {
      name,
      description: context.function.description ?? '',
      inputSchema: context.function.parameters ?? { type: 'object', properties: {} },
      manifest: { displayName: name, summary: context.function.description ?? '', icon: '', credentials: [] },
      async execute(input, toolContext) {
        const split = splitActionFunctionName(name);
        const actions = await deps.store.actions.list(toolContext.userId, context.assistant.id);
        const action = split && actions.find((candidate) => encodeActionDomain(candidate.metadata.domain) === split.encodedDomain);
        if (!split || !action) throw new Error(`The action of ${name} no longer exists on this assistant`);
        const parsed = validateSpec(action.metadata.raw_spec);
        const operation = parsed.operations.find((candidate) => candidate.operationId === split.operationId);
        if (!operation) throw new Error(`The action's spec has no operation ${split.operationId}`);
        const auth = authOf(action, (field) => {
          const sealed = action.metadata[field];
          if (!sealed) throw new Error(`The action's ${field} is not set`);
          return openSecret(deps.vault, action.user, action.action_id, field, sealed);
        });
        const arguments_ = input && typeof input === 'object' && !Array.isArray(input) ? { ...input } : {};
        const response = await deps.executor.execute(
          { operation, input: arguments_, auth },
          { signal: toolContext.signal, fetch: fetchFor(new URL(operation.serverUrl)), log: deps.log },
        );
        // LibreChat's words, so the model (and a user reading the call) sees what the API said.
        if (response.status >= 400) throw new Error(`API call to ${action.metadata.domain} failed with status ${response.status}: ${response.body}`);
        return [{ type: 'text', text: response.body }];
      },
    };
    return { key: name, tool, log: deps.log, authenticated: true };
  };
}
