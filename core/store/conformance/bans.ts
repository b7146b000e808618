import { describe, expect, it } from 'vitest';
import { type ContractContext, minutesFrom } from './context.js';

export function describeBansContract(context: ContractContext): void {
  const now = new Date();
  const minute = 60_000;

  describe('bans and violations', () => {
    it('finds a live ban and hides an expired one', async () => {
      await context.store.bans.put({ key: 'user:1', reason: 'logins', expiresAt: minutesFrom(now, 10) });
      const ban = await context.store.bans.find('user:1', now);
      expect(ban).toMatchObject({ key: 'user:1', reason: 'logins', expiresAt: minutesFrom(now, 10) });
      expect(ban?.createdAt).toBeInstanceOf(Date);
      expect(await context.store.bans.find('user:1', minutesFrom(now, 11))).toBeNull();
      expect(await context.store.bans.find('ip:127.0.0.1', now)).toBeNull();
    });

    it('replaces a ban on the same key', async () => {
      await context.store.bans.put({ key: 'ip:10.0.0.1', reason: 'logins', expiresAt: minutesFrom(now, 10) });
      await context.store.bans.put({ key: 'ip:10.0.0.1', reason: 'message_limit', expiresAt: minutesFrom(now, 60) });
      expect(await context.store.bans.find('ip:10.0.0.1', minutesFrom(now, 30))).toMatchObject({ reason: 'message_limit' });
    });

    it('deletes a ban', async () => {
      await context.store.bans.put({ key: 'user:1', reason: 'logins', expiresAt: minutesFrom(now, 10) });
      expect(await context.store.bans.delete('user:1')).toBe(true);
      expect(await context.store.bans.delete('user:1')).toBe(false);
      expect(await context.store.bans.find('user:1', now)).toBeNull();
    });

    it('counts violations within the window and restarts after it', async () => {
      const bans = context.store.bans;
      expect(await bans.addViolation('user:1', 'logins', 10 * minute, now)).toBe(1);
      expect(await bans.addViolation('user:1', 'logins', 10 * minute, minutesFrom(now, 5))).toBe(2);
      // Within the interval of the last violation, even though the first is now older than it.
      expect(await bans.addViolation('user:1', 'logins', 10 * minute, minutesFrom(now, 14))).toBe(3);
      expect(await bans.addViolation('user:1', 'logins', 10 * minute, minutesFrom(now, 30))).toBe(1);
    });

    it('counts each key and type on its own, and clears every type of a key', async () => {
      const bans = context.store.bans;
      await bans.addViolation('user:1', 'logins', minute, now);
      await bans.addViolation('user:1', 'logins', minute, now);
      expect(await bans.addViolation('user:1', 'message_limit', minute, now)).toBe(1);
      expect(await bans.addViolation('user:2', 'logins', minute, now)).toBe(1);
      await bans.clearViolations('user:1');
      expect(await bans.addViolation('user:1', 'logins', minute, now)).toBe(1);
      expect(await bans.addViolation('user:1', 'message_limit', minute, now)).toBe(1);
      expect(await bans.addViolation('user:2', 'logins', minute, now)).toBe(2);
    });

    it('counts every one of concurrent violations', async () => {
      const counts = await Promise.all(Array.from({ length: 20 }, () => context.store.bans.addViolation('ip:10.0.0.2', 'concurrent', minute, now)));
      expect([...counts].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
    });

    it('deletes expired bans only', async () => {
      await context.store.bans.put({ key: 'user:old', reason: 'logins', expiresAt: minutesFrom(now, -1) });
      await context.store.bans.put({ key: 'user:new', reason: 'logins', expiresAt: minutesFrom(now, 1) });
      expect(await context.store.bans.deleteExpired(now)).toBe(1);
      expect(await context.store.bans.find('user:new', now)).not.toBeNull();
    });
  });
}
