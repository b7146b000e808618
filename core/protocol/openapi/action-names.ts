/** LibreChat's delimiter between an operation and its action's domain in a function name (reference §3.5). */
export const ACTION_DELIMITER = '_action_';
/** LibreChat's `Constants.ENCODED_DOMAIN_LENGTH`. */
export const ENCODED_DOMAIN_LENGTH = 10;
const domainSeparator = '---';

function base64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * The domain as it appears in function names, which must match ^[a-zA-Z0-9_-]{1,64}$ for every
 * provider: LibreChat's Azure encoding (short domains with `.` as `---`, longer ones as the first ten
 * characters of their base64; a short form longer than ten characters is base64 too), with URL-safe base64 so no `+` or `/` slips in. chatbox never decodes
 * it: a run matches it against the encodings of the assistant's actions' domains.
 */
export function encodeActionDomain(domain: string): string {
  // LibreChat's short form can outgrow ten characters (`a.example` → `a---example`): then base64 too.
  const short = domain.replace(/\./g, domainSeparator);
  if (short.length <= ENCODED_DOMAIN_LENGTH && /^[a-zA-Z0-9_-]+$/.test(short)) return short;
  return base64Url(domain).slice(0, ENCODED_DOMAIN_LENGTH);
}

/** `<operation>_action_<encoded domain>`: the name of an action's function on the assistant. */
export const actionFunctionName = (operationId: string, domain: string): string => `${operationId}${ACTION_DELIMITER}${encodeActionDomain(domain)}`;

/** The operation and encoded domain of an action function's name; undefined for any other name. */
export function splitActionFunctionName(name: string): { operationId: string; encodedDomain: string } | undefined {
  const index = name.lastIndexOf(ACTION_DELIMITER);
  if (index <= 0) return undefined;
  return { operationId: name.slice(0, index), encodedDomain: name.slice(index + ACTION_DELIMITER.length) };
}
