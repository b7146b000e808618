import { ValidationError } from '../errors/index.js';
import type { ToolCredentialField } from '../plugin-api/tool.js';
import type { Store } from '../store/types.js';
import type { PluginAuths } from './plugin-auths.js';
import type { ResolvedTool } from './tool-catalogue.js';
import { credentialName, environmentValue, fieldNames, type ToolEnvironment } from './tool-credentials.js';

export interface ToolInstallServices {
  store: Pick<Store, 'users'>;
  pluginAuths: PluginAuths;
  env: ToolEnvironment;
}

/** The user's installed keys as stored now (not as signed in: another tab may have changed them since). */
async function installedKeys(services: ToolInstallServices, userId: string): Promise<string[]> {
  return (await services.store.users.findById(userId))?.plugins ?? [];
}

/** The field a form value belongs to: named by its manifest authField or one of its alternatives. */
function fieldFor(tool: ResolvedTool, name: string): ToolCredentialField {
  const { credentials, displayName } = tool.tool.manifest;
  const field = credentials.find((candidate) => candidate.authField === name || fieldNames(candidate.authField).includes(name));
  if (field) return field;
  const accepted = credentials.map((candidate) => candidate.authField).join(', ');
  throw new ValidationError(accepted ? `${name} is not a credential of ${displayName}: it takes ${accepted}` : `${displayName} takes no credentials, but ${name} was sent`);
}

/**
 * Installs a tool for a user (POST /api/user/plugins, action install): the credentials sent are
 * stored encrypted, by first name; every field must then have a value — sent now, stored before, or
 * set by the operator — else the answer is the auth form's `{label} is required.` and nothing is
 * saved. The key joins `user.plugins` once (LibreChat appends duplicates), unless the credentials
 * are for an assistant's tool.
 */
export async function installTool(services: ToolInstallServices, userId: string, tool: ResolvedTool, request: { auth?: Readonly<Record<string, string>> | null; isAssistantTool?: boolean }): Promise<void> {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.auth ?? {})) {
    const field = fieldFor(tool, name);
    // A blank value is a field left empty: the stored or the operator's value (if any) stands.
    if (value.trim() !== '') values[credentialName(field)] = value.trim();
  }
  const stored = new Set(await services.pluginAuths.storedFields(userId, tool.key));
  for (const field of tool.tool.manifest.credentials) {
    const name = credentialName(field);
    if (values[name] === undefined && !stored.has(name) && environmentValue(field, services.env) === undefined) throw new ValidationError(`${field.label} is required.`, { authField: field.authField });
  }
  await services.pluginAuths.save(userId, tool.key, values);
  if (request.isAssistantTool) return;
  const plugins = await installedKeys(services, userId);
  if (!plugins.includes(tool.key)) await services.store.users.update(userId, { plugins: [...plugins, tool.key] });
}

/**
 * Uninstalls a tool (action uninstall): its stored credentials go, and every occurrence of its key
 * leaves `user.plugins`. A key no tool answers to any more (a tool removed from the server) can be
 * uninstalled too, so a user is never stuck with it.
 */
export async function uninstallTool(services: ToolInstallServices, userId: string, pluginKey: string, request: { isAssistantTool?: boolean }): Promise<void> {
  await services.pluginAuths.remove(userId, pluginKey);
  if (request.isAssistantTool) return;
  const plugins = await installedKeys(services, userId);
  if (plugins.includes(pluginKey)) await services.store.users.update(userId, { plugins: plugins.filter((key) => key !== pluginKey) });
}
