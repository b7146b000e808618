/** Failed logins an account may take before its attempts start to wait. */
const FREE_FAILURES = 3;
/** The longest wait, as a multiple of the base delay. */
const MAX_DELAY_FACTOR = 16;
/** Failures are forgotten this long after the last one, or at the next successful login. */
const FORGET_AFTER_MS = 60 * 60 * 1000;
/** Accounts remembered; the one that failed least recently is forgotten first. */
const REMEMBERED_ACCOUNTS = 10_000;

export interface LoginThrottle {
  /** How long (ms) an attempt for this account waits before its password is checked. */
  delayFor(account: string): number;
  failed(account: string): void;
  succeeded(account: string): void;
}

/**
 * Slows the guessing of one account's password without ever locking its owner out: after a few
 * failures each attempt for the account waits, the wait doubling with every further failure up to
 * 16 times the base. Keyed by the email as typed (trimmed, lower case), so an email without an
 * account is slowed exactly like one with, and the delay says nothing about which exists.
 * In memory, per process, like the rate limits.
 */
export function createLoginThrottle(options: { baseDelayMs: number; now?: () => number }): LoginThrottle {
  const now = options.now ?? Date.now;
  const failures = new Map<string, { count: number; lastAt: number }>();
  const keyOf = (account: string) => account.trim().toLowerCase();

  return {
    delayFor(account) {
      const entry = failures.get(keyOf(account));
      if (!entry || options.baseDelayMs <= 0) return 0;
      if (now() - entry.lastAt > FORGET_AFTER_MS) {
        failures.delete(keyOf(account));
        return 0;
      }
      if (entry.count < FREE_FAILURES) return 0;
      return options.baseDelayMs * Math.min(MAX_DELAY_FACTOR, 2 ** (entry.count - FREE_FAILURES));
    },
    failed(account) {
      const key = keyOf(account);
      const entry = failures.get(key);
      const count = entry && now() - entry.lastAt <= FORGET_AFTER_MS ? entry.count + 1 : 1;
      // Deleted and set again, so that the map's order stays the order of the last failure.
      failures.delete(key);
      if (failures.size >= REMEMBERED_ACCOUNTS) failures.delete(failures.keys().next().value!);
      failures.set(key, { count, lastAt: now() });
    },
    succeeded(account) {
      failures.delete(keyOf(account));
    },
  };
}
