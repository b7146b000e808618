import type { ServerEnv } from '../../config/env.js';
import { ChatboxError } from '../errors/index.js';
import type { Store } from '../store/types.js';

export const banKey = {
  user: (userId: string) => `user:${userId}`,
  ip: (ip: string) => `ip:${ip}`,
};

/**
 * Violations (hitting a limit) add up per user and per IP; every BAN_INTERVAL of them within
 * BAN_DURATION bans that user and IP for BAN_DURATION.
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

  return {
    /** Throws the catalogue's ban error when the IP or the user is banned. */
    async assertNotBanned(ip: string, userId?: string | null): Promise<void> {
      const now = new Date();
      const keys = [banKey.ip(ip), ...(userId ? [banKey.user(userId)] : [])];
      for (const key of keys) {
        if (await store.bans.find(key, now)) throw new ChatboxError('ban');
      }
    },
    /** Records a violation; true when it led to a ban. */
    async recordViolation(violation: { ip: string; userId?: string | null; type: string; score?: number }): Promise<boolean> {
      if (!env.BAN_VIOLATIONS) return false;
      const score = violation.score ?? 1;
      const ipBanned = await addAndMaybeBan(banKey.ip(violation.ip), violation.type, score);
      const userBanned = violation.userId ? await addAndMaybeBan(banKey.user(violation.userId), violation.type, score) : false;
      return ipBanned || userBanned;
    },
  };
}

export type BanGuard = ReturnType<typeof createBanGuard>;
