import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { RefreshSession } from '../repositories/sessions.js';
import { type ContractContext, minutesFrom } from './context.js';

export function describeSessionsContract(context: ContractContext): void {
  const now = new Date();

  async function createSession(userId: string, overrides: Partial<RefreshSession> = {}): Promise<RefreshSession> {
    return context.store.sessions.create({
      id: randomUUID(),
      userId,
      familyId: randomUUID(),
      tokenHash: randomUUID(),
      expiresAt: minutesFrom(now, 60),
      ...overrides,
    });
  }

  describe('sessions', () => {
    it('creates an unrotated session and finds it by token hash', async () => {
      const user = await context.createUser();
      const session = await createSession(user.id, { tokenHash: 'hash-1' });
      expect(session).toMatchObject({ userId: user.id, tokenHash: 'hash-1', rotatedAt: null });
      expect(session.createdAt).toBeInstanceOf(Date);
      expect(session.expiresAt).toEqual(minutesFrom(now, 60));
      expect(await context.store.sessions.findByTokenHash('hash-1')).toEqual(session);
      expect(await context.store.sessions.findByTokenHash('unknown')).toBeNull();
    });

    it('marks a session rotated only once', async () => {
      const user = await context.createUser();
      const session = await createSession(user.id);
      const at = minutesFrom(now, 1);
      expect(await context.store.sessions.markRotated(session.id, at)).toBe(true);
      expect(await context.store.sessions.markRotated(session.id, minutesFrom(now, 2))).toBe(false);
      expect((await context.store.sessions.findByTokenHash(session.tokenHash))?.rotatedAt).toEqual(at);
      expect(await context.store.sessions.markRotated('unknown', at)).toBe(false);
    });

    it('lets exactly one of two concurrent rotations win', async () => {
      const user = await context.createUser();
      const session = await createSession(user.id);
      const results = await Promise.all([context.store.sessions.markRotated(session.id, now), context.store.sessions.markRotated(session.id, now)]);
      expect(results.filter(Boolean)).toHaveLength(1);
    });

    it('deletes a whole family and nothing else', async () => {
      const user = await context.createUser();
      const familyId = randomUUID();
      const first = await createSession(user.id, { familyId });
      const second = await createSession(user.id, { familyId });
      const other = await createSession(user.id);
      expect(await context.store.sessions.deleteFamily(familyId)).toBe(2);
      expect(await context.store.sessions.findByTokenHash(first.tokenHash)).toBeNull();
      expect(await context.store.sessions.findByTokenHash(second.tokenHash)).toBeNull();
      expect(await context.store.sessions.findByTokenHash(other.tokenHash)).not.toBeNull();
    });

    it("deletes a user's sessions and nobody else's", async () => {
      const alice = await context.createUser();
      const bob = await context.createUser();
      await createSession(alice.id);
      await createSession(alice.id);
      const bobs = await createSession(bob.id);
      expect(await context.store.sessions.deleteByUser(alice.id)).toBe(2);
      expect(await context.store.sessions.findByTokenHash(bobs.tokenHash)).not.toBeNull();
    });

    it('deletes expired sessions only', async () => {
      const user = await context.createUser();
      const expired = await createSession(user.id, { expiresAt: minutesFrom(now, -1) });
      const live = await createSession(user.id, { expiresAt: minutesFrom(now, 1) });
      expect(await context.store.sessions.deleteExpired(now)).toBe(1);
      expect(await context.store.sessions.findByTokenHash(expired.tokenHash)).toBeNull();
      expect(await context.store.sessions.findByTokenHash(live.tokenHash)).not.toBeNull();
    });
  });
}
