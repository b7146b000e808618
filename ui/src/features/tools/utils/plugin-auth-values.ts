import type { PluginAuthFieldDto } from '@protocol';
import type { Localize } from '../../../lib/i18n/index.js';

/** Spec 001 §9: a credential is at least this long (API keys and ids all are). */
export const PLUGIN_AUTH_MIN_LENGTH = 10;

/**
 * The auth form's errors by field (spec 001 §9): every field required (`{label} is required.`), at
 * least 10 characters (`{label} must be at least 10 characters long`). Values are trimmed first: a
 * key pasted with a trailing space is still the key.
 */
export function pluginAuthErrors(fields: readonly PluginAuthFieldDto[], values: Readonly<Record<string, string>>, localize: Localize): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const value = (values[field.authField] ?? '').trim();
    if (!value) errors[field.authField] = localize('com_ui_plugin_auth_required', field.label);
    else if (value.length < PLUGIN_AUTH_MIN_LENGTH) errors[field.authField] = localize('com_ui_plugin_auth_min_length', field.label);
  }
  return errors;
}

/** The install body's `auth`: each field under its manifest name, trimmed. */
export function pluginAuthBody(fields: readonly PluginAuthFieldDto[], values: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(fields.map((field) => [field.authField, (values[field.authField] ?? '').trim()]));
}
