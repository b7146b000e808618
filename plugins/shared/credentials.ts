/** The librechat.yaml / .env word for "each user enters this value". */
export const USER_PROVIDED = 'user_provided';

/**
 * A configured value that can be used as is: not empty, not `user_provided`, and not an unresolved
 * `${VAR}` (LibreChat keeps the literal when the variable is unset, which must not reach an upstream).
 */
export function usableSetting(value: string | undefined): string | undefined {
  if (value === undefined || value.trim() === '' || value === USER_PROVIDED) return undefined;
  if (/^\$\{[^}]+\}$/.test(value.trim())) return undefined;
  return value;
}

/** A per-call credential (a user's own key or base URL) wins over the configured one. */
export function pickCredential(provided: string | undefined, configured: string | undefined): string | undefined {
  return usableSetting(provided) ?? usableSetting(configured);
}
