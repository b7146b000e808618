import { randomUUID } from 'node:crypto';
import { ChatboxError, loadOnce, NotFoundError, ValidationError } from '../../errors/index.js';
import type { KeyVault } from '../../keys/key-vault.js';
import { checkOutboundUrl } from '../../net/guarded-fetch.js';
import { ASSISTANT_TOOLS_MAX } from '../../protocol/assistants.js';
import { actionAuthProblem, parseSpecText, type ActionAuthDto, actionFunctionName, encodeActionDomain, splitActionFunctionName, validateSpec, type ActionSaveRequest } from '../../protocol/openapi/index.js';
import type { Action, ActionMetadata } from '../../store/repositories/actions.js';
import type { Assistant, AssistantTool } from '../../store/repositories/assistants.js';
import type { Store } from '../../store/types.js';
import { sealSecret, secretFields } from './action-secrets.js';
import { isAllowedActionUrl } from './allowed-domains.js';

export interface ActionRules {
  /** librechat.yaml `actions.allowedDomains`. */
  allowedDomains: readonly string[];
  /** librechat.yaml `ssrf.allowedHosts`. */
  allowedHosts: string[];
}

/** @readme/openapi-parser (about 16 MB) loads on the first action saved, not at start. */
const loadValidate = loadOnce('@readme/openapi-parser', async () => (await import('@readme/openapi-parser')).validate);

/**
 * The spec checked as the editor checks it (core/protocol), then by @readme/openapi-parser against
 * the OpenAPI 3.0/3.1 schema with external references off (a spec must not make the server read
 * files or URLs). Throws a 400 with every problem, one a line.
 */
export async function checkSpec(rawSpec: string) {
  const parsed = validateSpec(rawSpec);
  if (!parsed.status) throw new ValidationError(parsed.message);
  const document: unknown = parseSpecText(rawSpec);
  const validate = await loadValidate();
  const result = await validate(document as Parameters<typeof validate>[0], { resolve: { external: false } });
  if (!result.valid) throw new ValidationError(result.errors.map((error) => error.message).join('\n'));
  return parsed;
}

/** Where an action may send requests: refused here so a user learns it when saving, not when the assistant runs. */
export function checkActionServer(serverUrl: string, rules: ActionRules): void {
  const url = new URL(serverUrl);
  if (rules.allowedDomains.length > 0) {
    if (!isAllowedActionUrl(url, rules.allowedDomains)) throw new ChatboxError('forbidden', `Domain ${url.hostname} is not in the allowed domains of this server (actions.allowedDomains)`);
    return;
  }
  try {
    checkOutboundUrl(url, rules.allowedHosts);
  } catch (error) {
    throw new ValidationError(`The spec's server ${url.host} cannot be called: ${error instanceof Error ? error.message : String(error)}`);
  }
}

type SentAuth = NonNullable<ActionSaveRequest['metadata']['auth']>;

/** The auth settings as stored: only the fields of its type (LibreChat's client sends every field). */
function storedAuth(sent: SentAuth): ActionAuthDto {
  if (sent.type === 'service_http') {
    const authorization_type = sent.authorization_type ?? 'bearer';
    return { type: 'service_http', authorization_type, ...(authorization_type === 'custom' && sent.custom_auth_header ? { custom_auth_header: sent.custom_auth_header } : {}) };
  }
  if (sent.type === 'oauth') {
    const { authorization_url, client_url, scope } = sent;
    return { type: 'oauth', authorization_url, client_url, scope, token_exchange_method: sent.token_exchange_method ?? 'default_post' };
  }
  return { type: 'none' };
}

/**
 * POST /api/assistants/actions/:assistant_id (reference §3.3): the spec converted again on the server
 * (the body's `functions` are the editor's view, never trusted), secrets sealed and kept on update
 * when omitted, the assistant's function tools of this action replaced by `<operation>_action_<domain>`.
 */
export async function saveAction(deps: { store: Store; vault: KeyVault; rules: ActionRules }, userId: string, assistantId: string, body: ActionSaveRequest): Promise<{ assistant: Assistant; action: Action; actions: Action[] }> {
  const { store, vault } = deps;
  const assistant = await store.assistants.find(userId, assistantId);
  if (!assistant) throw new NotFoundError('Assistant not found');
  const parsed = await checkSpec(body.metadata.raw_spec);
  const domain = parsed.domain!;
  checkActionServer(parsed.serverUrl!, deps.rules);

  const previous = body.action_id ? await store.actions.find(userId, body.action_id) : null;
  if (previous && previous.assistant_id !== assistantId) throw new NotFoundError('Action not found');
  const actionId = previous?.action_id ?? body.action_id ?? randomUUID();
  const encoded = encodeActionDomain(domain);
  const siblings = (await store.actions.list(userId, assistantId)).filter((action) => action.action_id !== actionId);
  if (siblings.some((action) => encodeActionDomain(action.metadata.domain) === encoded)) {
    throw new ValidationError(`Another action of this assistant already calls ${domain} (or a domain with the same short name): edit that action instead`);
  }

  const cleanAuth = body.metadata.auth ? storedAuth(body.metadata.auth) : previous?.metadata.auth ?? { type: 'none' as const };
  const metadata: ActionMetadata = { domain, raw_spec: body.metadata.raw_spec, auth: cleanAuth };
  if (body.metadata.privacy_policy_url) metadata.privacy_policy_url = body.metadata.privacy_policy_url;
  const wanted = cleanAuth.type === 'service_http' ? (['api_key'] as const) : cleanAuth.type === 'oauth' ? (['oauth_client_id', 'oauth_client_secret'] as const) : [];
  const plain: Partial<Record<(typeof secretFields)[number], string>> = {};
  for (const field of wanted) {
    const sent = body.metadata[field];
    if (sent) {
      plain[field] = sent;
      metadata[field] = sealSecret(vault, userId, actionId, field, sent);
    } else if (previous?.metadata[field] && previous.metadata.auth.type === cleanAuth.type) {
      // Omitted on update: the stored secret stays (the editor never has it to send back).
      plain[field] = 'kept';
      metadata[field] = previous.metadata[field];
    }
  }
  const problem = actionAuthProblem(cleanAuth, plain);
  if (problem) throw new ValidationError(problem);

  // This action's old functions go (its previous domain too), then its functions under their action names.
  const ownEncodings = new Set([encoded, ...(previous ? [encodeActionDomain(previous.metadata.domain)] : [])]);
  const kept = assistant.tools.filter((tool) => {
    if (tool.type !== 'function') return true;
    const split = splitActionFunctionName(tool.function.name);
    return !split || !ownEncodings.has(split.encodedDomain);
  });
  const added: AssistantTool[] = parsed.functions.map(({ function: fn }) => ({ type: 'function', function: { ...fn, name: actionFunctionName(fn.name, domain) } }));
  const tools = [...kept, ...added];
  if (tools.length > ASSISTANT_TOOLS_MAX) throw new ValidationError(`An assistant has at most ${ASSISTANT_TOOLS_MAX} tools; this action would make ${tools.length}`);

  const action = await store.actions.save({ user: userId, action_id: actionId, assistant_id: assistantId, metadata });
  const updated = await store.assistants.update(userId, assistantId, { tools });
  if (!updated) throw new NotFoundError('Assistant not found');
  return { assistant: updated, action, actions: [...siblings, action] };
}

/** DELETE: the action and its functions on the assistant go. False when the user has no such action on this assistant. */
export async function deleteAction(store: Store, userId: string, assistantId: string, actionId: string): Promise<boolean> {
  const assistant = await store.assistants.find(userId, assistantId);
  const action = await store.actions.find(userId, actionId);
  if (!assistant || !action || action.assistant_id !== assistantId) return false;
  const encoded = encodeActionDomain(action.metadata.domain);
  const tools = assistant.tools.filter((tool) => tool.type !== 'function' || splitActionFunctionName(tool.function.name)?.encodedDomain !== encoded);
  await store.assistants.update(userId, assistantId, { tools });
  return store.actions.delete(userId, actionId);
}
