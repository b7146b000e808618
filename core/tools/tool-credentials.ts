import type { ToolCredentialField, ToolManifest } from '../plugin-api/tool.js';

/** The environment as it was at boot (config.rawEnv). */
export type ToolEnvironment = Readonly<Record<string, string | undefined>>;

/** The names a credential field accepts, in order (`DALLE3_API_KEY||DALLE_API_KEY` → both). */
export function fieldNames(authField: string): string[] {
  return authField.split('||').map((name) => name.trim()).filter((name) => name !== '');
}

/** The name a credential is stored under and handed to the tool as: the field's first one. */
export const credentialName = (field: ToolCredentialField): string => fieldNames(field.authField)[0] ?? field.authField;

/**
 * The operator's value for a field: the first of its names set to something other than blank or
 * `user_provided` (LibreChat's marker for "each user enters it"), else undefined.
 */
export function environmentValue(field: ToolCredentialField, env: ToolEnvironment): string | undefined {
  for (const name of fieldNames(field.authField)) {
    const value = env[name]?.trim();
    if (value && value !== 'user_provided') return value;
  }
  return undefined;
}

/** LibreChat's `authenticated`: every credential field has a value in the environment (true for a tool without any). */
export function isAuthenticatedByEnvironment(manifest: ToolManifest, env: ToolEnvironment): boolean {
  return manifest.credentials.every((field) => environmentValue(field, env) !== undefined);
}

/** A tool's credentials for one call: by first name, and the fields nobody supplied. */
export interface ToolCredentials {
  credentials: Record<string, string>;
  missing: ToolCredentialField[];
}

/**
 * What the user stored when installing the tool wins (their own key, decrypted), else the operator's
 * environment; a field with neither is missing.
 */
export function resolveToolCredentials(manifest: ToolManifest, stored: Readonly<Record<string, string>>, env: ToolEnvironment): ToolCredentials {
  const credentials: Record<string, string> = {};
  const missing: ToolCredentialField[] = [];
  for (const field of manifest.credentials) {
    const name = credentialName(field);
    const value = stored[name] ?? environmentValue(field, env);
    if (value === undefined) missing.push(field);
    else credentials[name] = value;
  }
  return { credentials, missing };
}

/** What the model (and so the user) is told when a call lacks credentials: which, and where they come from. */
export function missingCredentialsMessage(missing: readonly ToolCredentialField[]): string {
  const fields = missing.map((field) => `${field.label} (${fieldNames(field.authField).join(' or ')})`).join(', ');
  return `it needs ${fields}, which nobody has supplied: the user enters it by installing the tool in the plugin store, or the server's operator sets it in the environment`;
}
