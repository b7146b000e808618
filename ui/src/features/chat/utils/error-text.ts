import type { Localize } from '../../../lib/i18n/index.js';

/** Spec 000 §8: the fallback shows at most this many characters of the server's text. */
export const ERROR_TEXT_LIMIT = 512;

type ErrorJson = Record<string, unknown>;

/** The first `{…}` object in the text (servers wrap the catalogue JSON in prose now and then). */
export function extractErrorJson(text: string): ErrorJson | null {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start === -1 || end <= start) return null;
  try {
    const value: unknown = JSON.parse(text.slice(start, end + 1));
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as ErrorJson) : null;
  } catch {
    return null;
  }
}

const field = (json: ErrorJson, ...names: Array<string | number>) => {
  for (const name of names) {
    const value = json[name];
    if (typeof value === 'string' || typeof value === 'number') return String(value);
  }
  return '';
};

function tokenBalanceText(json: ErrorJson, localize: Localize): string {
  const text = localize('com_error_token_balance', field(json, 'balance'), field(json, 'promptTokens'), field(json, 'tokenCost'));
  const generations = Array.isArray(json.generations) ? json.generations.map(String) : [];
  return generations.length > 0 ? localize('com_error_token_balance_generations', text, generations.join(', ')) : text;
}

const catalogue: Record<string, (json: ErrorJson, localize: Localize) => string> = {
  moderation: (_json, localize) => localize('com_error_moderation'),
  no_user_key: (_json, localize) => localize('com_error_no_user_key'),
  invalid_user_key: (_json, localize) => localize('com_error_invalid_user_key'),
  no_base_url: (_json, localize) => localize('com_error_no_base_url'),
  // LibreChat sends {endpoint, expiredAt}; this server fills the catalogue's {0} and {1}.
  expired_user_key: (json, localize) => localize('com_error_expired_user_key', field(json, 'endpoint', 0), field(json, 'expiredAt', 1)),
  ban: (_json, localize) => localize('com_error_ban'),
  invalid_api_key: (_json, localize) => localize('com_error_invalid_api_key'),
  insufficient_quota: (_json, localize) => localize('com_error_insufficient_quota'),
  concurrent: (json, localize) => localize('com_error_concurrent', field(json, 'limit')),
  message_limit: (json, localize) => localize('com_error_message_limit', field(json, 'max'), field(json, 'windowInMinutes')),
  token_balance: tokenBalanceText,
};

const truncate = (text: string) => (text.length > ERROR_TEXT_LIMIT ? `${text.slice(0, ERROR_TEXT_LIMIT)}…` : text);

/**
 * The text of the red error box (spec 000 §8): a catalogue error (matched on `code`, then `type`) in
 * the user's language, else the generic sentence with the server's own words, cut to 512 characters.
 */
export function errorMessageText(text: string, localize: Localize): string {
  const json = extractErrorJson(text);
  const key = json ? field(json, 'code') || field(json, 'type') : '';
  const known = json && key ? catalogue[key] : undefined;
  if (known && json) return known(json, localize);
  // An unknown catalogue JSON still carries a readable message: show that rather than raw JSON.
  const detail = json && field(json, 'message') ? field(json, 'message') : text;
  return localize('com_error_fallback', truncate(detail));
}
