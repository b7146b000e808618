import type { ServerEnv } from '../../config/env.js';
import { ChatboxError } from '../errors/index.js';
import type { Store } from '../store/types.js';

export const banKey = {
  user: (userId: string) => `user:${userId}`,
  ip: (ip: string) => `ip:${ip}`,
  /**
   * Bans earned at the doors open to anonymous callers (login, registration, password reset). They
   * close those doors to the address and nothing else: someone else's failed logins from a shared
   * address must not end a valid session.
   */
  signInIp: (ip: string) => `sign-in-ip:${ip}`,
};

/**
 * Violations (hitting a limit) add up per key; every BAN_INTERVAL of them within BAN_DURATION bans
 * the key for BAN_DURATION. Signed-in abuse bans the user and their IP (as LibreChat does); failures
 * at the sign-in doors ban only the address they come from, never the account they name, so that a
 * stranger cannot lock an owner out.
 */
export function createBanGuard(store: Store, env: ServerEnv) {
  const threshold = Math.max(1, env.BAN_INTERVAL);

  async function addAndMaybeBan(key: string, type: string, score: number): Promise<boolean> {
    const now = new Date();
    let count = 0;
    for (let step = 0; step < Math.max(1, score); step += 1) {
      count = await store.bans.addViolation(key, type, env.BAN_DURATION, now);
    }
    if (count < threshold) return false;
    await store.bans.put({ key, reason: type, expiresAt: new Date(now.getTime() + env.BAN_DURATION) });
    await store.bans.clearViolations(key);
    return true;
  }

  async function assertNoneBanned(keys: string[]): Promise<void> {
    const now = new Date();
    for (const key of keys) {
      if (await store.bans.find(key, now)) throw new ChatboxError('ban');
    }
  }

  return {
    /** For signed-in requests: throws the catalogue's ban error when the IP or the user is banned. */
    assertNotBanned(ip: string, userId?: string | null): Promise<void> {
      return assertNoneBanned([banKey.ip(ip), ...(userId ? [banKey.user(userId)] : [])]);
    },
    /** For a sign-in, registration or reset: also refused when the address is banned from those doors. */
    assertMaySignIn(ip: string, userId?: string | null): Promise<void> {
      return assertNoneBanned([banKey.signInIp(ip), banKey.ip(ip), ...(userId ? [banKey.user(userId)] : [])]);
    },
    /** Records a signed-in user's violation against them and their IP; true when it led to a ban. */
    async recordViolation(violation: { ip: string; userId?: string | null; type: string; score?: number }): Promise<boolean> {
      if (!env.BAN_VIOLATIONS) return false;
      const score = violation.score ?? 1;
      const ipBanned = await addAndMaybeBan(banKey.ip(violation.ip), violation.type, score);
      const userBanned = violation.userId ? await addAndMaybeBan(banKey.user(violation.userId), violation.type, score) : false;
      return ipBanned || userBanned;
    },
    /** Records an anonymous caller's violation against their address only; true when it led to a ban. */
    async recordSignInViolation(violation: { ip: string; type: string; score?: number }): Promise<boolean> {
      if (!env.BAN_VIOLATIONS) return false;
      return addAndMaybeBan(banKey.signInIp(violation.ip), violation.type, violation.score ?? 1);
    },
  };
}

export type BanGuard = ReturnType<typeof createBanGuard>;
