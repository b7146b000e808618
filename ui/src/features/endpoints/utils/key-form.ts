import type { EndpointConfig } from '../../../lib/endpoints/index.js';

/** Which form the key dialog shows (spec 000 §5). */
export type KeyFormKind = 'openAI' | 'azure' | 'google' | 'plain';

export type KeyField = 'apiKey' | 'baseURL' | 'azureOpenAIApiKey' | 'azureOpenAIApiInstanceName' | 'azureOpenAIApiDeploymentName' | 'azureOpenAIApiVersion';

export const azureFields: KeyField[] = ['azureOpenAIApiKey', 'azureOpenAIApiInstanceName', 'azureOpenAIApiDeploymentName', 'azureOpenAIApiVersion'];

// The OpenAI-compatible endpoints take a key and, when the server asks for it, a base URL.
const openAIStyle = new Set(['openAI', 'gptPlugins', 'assistants', 'custom']);

export function keyFormKind(endpoint: string, kind: string, entry: EndpointConfig | undefined): KeyFormKind {
  if (endpoint === 'azureOpenAI' || kind === 'azureOpenAI' || entry?.azure) return 'azure';
  if (openAIStyle.has(kind)) return 'openAI';
  if (kind === 'google') return 'google';
  return 'plain';
}

/** The text fields shown, all of them required. */
export function visibleKeyFields(formKind: KeyFormKind, entry: EndpointConfig | undefined): KeyField[] {
  if (formKind === 'azure') return azureFields;
  if (formKind === 'openAI') {
    const fields: KeyField[] = [];
    // A custom endpoint may ask only for a base URL (its key is set by the operator).
    if (entry?.userProvide || !entry?.userProvideURL) fields.push('apiKey');
    if (entry?.userProvideURL) fields.push('baseURL');
    return fields;
  }
  return ['apiKey'];
}

export function missingKeyFields(fields: KeyField[], values: Partial<Record<KeyField, string>>): KeyField[] {
  return fields.filter((field) => !values[field]?.trim());
}

/**
 * The stored value, as docs/api.md describes it: the key text, `{apiKey, baseURL}` JSON for the
 * OpenAI-compatible form, the four `azureOpenAIApi*` fields as JSON for Azure, or the imported
 * Google service account as JSON.
 */
export function buildKeyValue(formKind: KeyFormKind, fields: KeyField[], values: Partial<Record<KeyField, string>>, serviceAccount?: ServiceAccount | null): string {
  const trimmed = (field: KeyField) => values[field]?.trim() ?? '';
  if (formKind === 'google' && serviceAccount) return JSON.stringify(serviceAccount);
  if (formKind === 'openAI') return JSON.stringify(Object.fromEntries(fields.map((field) => [field, trimmed(field)])));
  if (formKind === 'azure') return JSON.stringify(Object.fromEntries(azureFields.map((field) => [field, trimmed(field)])));
  return trimmed('apiKey');
}

export interface ServiceAccount {
  client_email: string;
  project_id: string;
  private_key: string;
  [field: string]: unknown;
}

export const SERVICE_ACCOUNT_ERROR = 'Invalid Service Account JSON Key, Did you import the correct file?';

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Spec 000 §5: a .json file whose client_email is an address of at least 3 characters, project_id
 * at least 3 characters and private_key at least 601. Returns null for anything else.
 */
export function parseServiceAccount(fileName: string, text: string): ServiceAccount | null {
  if (!fileName.toLowerCase().endsWith('.json')) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const account = value as Record<string, unknown>;
  const { client_email: email, project_id: project, private_key: key } = account;
  if (typeof email !== 'string' || email.length < 3 || !emailPattern.test(email)) return null;
  if (typeof project !== 'string' || project.length < 3) return null;
  if (typeof key !== 'string' || key.length < 601) return null;
  return account as ServiceAccount;
}

/** Spec 000 §9 expiry choices; the saved expiresAt is now + the chosen span, as an ISO string. */
export const keyExpiryChoices = [
  { id: '30m', labelKey: 'com_endpoint_expiry_30_minutes', milliseconds: 30 * 60_000 },
  { id: '2h', labelKey: 'com_endpoint_expiry_2_hours', milliseconds: 2 * 3_600_000 },
  { id: '12h', labelKey: 'com_endpoint_expiry_12_hours', milliseconds: 12 * 3_600_000 },
  { id: '1d', labelKey: 'com_endpoint_expiry_1_day', milliseconds: 24 * 3_600_000 },
  { id: '7d', labelKey: 'com_endpoint_expiry_7_days', milliseconds: 7 * 24 * 3_600_000 },
  { id: '30d', labelKey: 'com_endpoint_expiry_30_days', milliseconds: 30 * 24 * 3_600_000 },
] as const;

export type KeyExpiryId = (typeof keyExpiryChoices)[number]['id'];
export const DEFAULT_KEY_EXPIRY: KeyExpiryId = '12h';

export function expiresAtFor(id: KeyExpiryId, now = Date.now()): string {
  const choice = keyExpiryChoices.find((option) => option.id === id) ?? keyExpiryChoices[2];
  return new Date(now + choice.milliseconds).toISOString();
}
