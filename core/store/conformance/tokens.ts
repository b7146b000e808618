import { describe, expect, it } from 'vitest';
import { type ContractContext, minutesFrom } from './context.js';

export function describeTokensContract(context: ContractContext): void {
  const now = new Date();

  describe('one-time tokens', () => {
    it('takes a token once', async () => {
      const user = await context.createUser();
      await context.store.tokens.put({ userId: user.id, purpose: 'password-reset', tokenHash: 'reset-1', expiresAt: minutesFrom(now, 15) });
      const taken = await context.store.tokens.take(user.id, 'password-reset', 'reset-1');
      expect(taken).toMatchObject({ userId: user.id, purpose: 'password-reset', tokenHash: 'reset-1', expiresAt: minutesFrom(now, 15) });
      expect(taken?.createdAt).toBeInstanceOf(Date);
      expect(await context.store.tokens.take(user.id, 'password-reset', 'reset-1')).toBeNull();
    });

    it('does not consume a token on a wrong hash, purpose or user', async () => {
      const user = await context.createUser();
      const other = await context.createUser();
      await context.store.tokens.put({ userId: user.id, purpose: 'password-reset', tokenHash: 'reset-1', expiresAt: minutesFrom(now, 15) });
      expect(await context.store.tokens.take(user.id, 'password-reset', 'wrong')).toBeNull();
      expect(await context.store.tokens.take(user.id, 'email-verification', 'reset-1')).toBeNull();
      expect(await context.store.tokens.take(other.id, 'password-reset', 'reset-1')).toBeNull();
      expect(await context.store.tokens.take(user.id, 'password-reset', 'reset-1')).not.toBeNull();
    });

    it('replaces an earlier token of the same purpose and keeps other purposes', async () => {
      const user = await context.createUser();
      await context.store.tokens.put({ userId: user.id, purpose: 'password-reset', tokenHash: 'old', expiresAt: minutesFrom(now, 15) });
      await context.store.tokens.put({ userId: user.id, purpose: 'email-verification', tokenHash: 'verify', expiresAt: minutesFrom(now, 15) });
      await context.store.tokens.put({ userId: user.id, purpose: 'password-reset', tokenHash: 'new', expiresAt: minutesFrom(now, 15) });
      expect(await context.store.tokens.take(user.id, 'password-reset', 'old')).toBeNull();
      expect(await context.store.tokens.take(user.id, 'password-reset', 'new')).not.toBeNull();
      expect(await context.store.tokens.take(user.id, 'email-verification', 'verify')).not.toBeNull();
    });

    it('returns an expired token so the caller can tell why it fails', async () => {
      const user = await context.createUser();
      await context.store.tokens.put({ userId: user.id, purpose: 'password-reset', tokenHash: 'stale', expiresAt: minutesFrom(now, -5) });
      expect((await context.store.tokens.take(user.id, 'password-reset', 'stale'))?.expiresAt).toEqual(minutesFrom(now, -5));
    });

    it('deletes expired tokens only', async () => {
      const user = await context.createUser();
      await context.store.tokens.put({ userId: user.id, purpose: 'password-reset', tokenHash: 'stale', expiresAt: minutesFrom(now, -5) });
      await context.store.tokens.put({ userId: user.id, purpose: 'email-verification', tokenHash: 'live', expiresAt: minutesFrom(now, 5) });
      expect(await context.store.tokens.deleteExpired(now)).toBe(1);
      expect(await context.store.tokens.take(user.id, 'email-verification', 'live')).not.toBeNull();
    });
  });
}
