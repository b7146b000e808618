/**
 * Drops the keys whose value is null, except those in `nullable`. LibreChat's client validates
 * what it receives with zod: an optional field that is not nullable accepts a missing key but
 * rejects null (one such null resets a preset's settings or crashes the page), so a field without
 * a value is left out unless the client's contract says null is accepted.
 */
export function withoutNulls<T extends object>(record: T, nullable: ReadonlySet<string>): T {
  const copy = { ...record };
  for (const [key, value] of Object.entries(copy)) if (value === null && !nullable.has(key)) Reflect.deleteProperty(copy, key);
  return copy;
}
