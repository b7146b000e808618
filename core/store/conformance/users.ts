import { describe, expect, it } from 'vitest';
import { DuplicateError } from '../../errors/index.js';
import { type ContractContext, newUser, pause } from './context.js';

export function describeUsersContract(context: ContractContext): void {
  describe('users', () => {
    it('creates a user with defaults and mints an id', async () => {
      const user = await context.store.users.create(newUser({ email: 'Alice@Example.com', name: 'Alice' }));
      expect(user.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(user).toMatchObject({ name: 'Alice', email: 'Alice@Example.com', emailVerified: false, avatar: null, plugins: [], role: 'USER', providerId: null, provider: 'local' });
      expect(user.createdAt).toBeInstanceOf(Date);
      expect(user.updatedAt).toBeInstanceOf(Date);
      expect(await context.store.users.findById(user.id)).toEqual(user);
    });

    it('keeps an id and optional fields the caller gives', async () => {
      const id = '5f0c3b0e-1d1e-4c55-9f3a-000000000001';
      const user = await context.store.users.create(
        newUser({ id, emailVerified: true, avatar: 'https://example.com/a.png', plugins: ['calculator'], role: 'ADMIN', provider: 'github', providerId: 'gh-1', passwordHash: null }),
      );
      expect(user).toMatchObject({ id, emailVerified: true, avatar: 'https://example.com/a.png', plugins: ['calculator'], role: 'ADMIN', providerId: 'gh-1', passwordHash: null });
    });

    it('returns null for an unknown id, email or provider id', async () => {
      expect(await context.store.users.findById('missing')).toBeNull();
      expect(await context.store.users.findByEmail('nobody@example.com')).toBeNull();
      expect(await context.store.users.findByProvider('github', 'missing')).toBeNull();
    });

    it('finds by email case-insensitively', async () => {
      const user = await context.createUser({ email: 'Mixed.Case@Example.COM' });
      expect((await context.store.users.findByEmail('mixed.case@example.com'))?.id).toBe(user.id);
      expect((await context.store.users.findByEmail('MIXED.CASE@EXAMPLE.COM'))?.id).toBe(user.id);
    });

    it('rejects an email taken in another case with a DuplicateError', async () => {
      await context.createUser({ email: 'taken@example.com' });
      await expect(context.store.users.create(newUser({ email: 'TAKEN@example.com' }))).rejects.toBeInstanceOf(DuplicateError);
      expect(await context.store.users.count()).toBe(1);
    });

    it('finds a social account by provider and provider id', async () => {
      const user = await context.createUser({ provider: 'google', providerId: 'g-42', passwordHash: null });
      expect((await context.store.users.findByProvider('google', 'g-42'))?.id).toBe(user.id);
      expect(await context.store.users.findByProvider('github', 'g-42')).toBeNull();
    });

    it('rejects a social account linked to another user with a DuplicateError', async () => {
      await context.createUser({ provider: 'github', providerId: 'gh-7', passwordHash: null });
      const attempt = context.store.users.create(newUser({ provider: 'github', providerId: 'gh-7', passwordHash: null }));
      await expect(attempt).rejects.toBeInstanceOf(DuplicateError);
      // The same provider id at another provider is another account.
      await expect(context.store.users.create(newUser({ provider: 'google', providerId: 'gh-7', passwordHash: null }))).resolves.toBeTruthy();
    });

    it('lists oldest first with offset and limit, and counts', async () => {
      const created = [];
      for (let index = 0; index < 4; index++) {
        created.push(await context.createUser({ name: `User ${index}` }));
        await pause(2);
      }
      expect(await context.store.users.count()).toBe(4);
      expect((await context.store.users.list({ offset: 0, limit: 10 })).map((user) => user.id)).toEqual(created.map((user) => user.id));
      expect((await context.store.users.list({ offset: 1, limit: 2 })).map((user) => user.id)).toEqual([created[1].id, created[2].id]);
    });

    it('updates the given fields only, keeps createdAt and moves updatedAt', async () => {
      const user = await context.createUser({ name: 'Before', avatar: 'a.png' });
      await pause();
      const updated = await context.store.users.update(user.id, { name: 'After', emailVerified: true, plugins: ['web-search'], avatar: undefined });
      expect(updated).toMatchObject({ id: user.id, name: 'After', emailVerified: true, plugins: ['web-search'], avatar: 'a.png', email: user.email });
      expect(updated!.createdAt).toEqual(user.createdAt);
      expect(updated!.updatedAt.getTime()).toBeGreaterThan(user.updatedAt.getTime());
      expect(await context.store.users.findById(user.id)).toEqual(updated);
    });

    it('returns null when updating an unknown user', async () => {
      expect(await context.store.users.update('missing', { name: 'x' })).toBeNull();
    });

    it('rejects changing the email to one taken by another user, in any case', async () => {
      await context.createUser({ email: 'first@example.com' });
      const second = await context.createUser({ email: 'second@example.com' });
      await expect(context.store.users.update(second.id, { email: 'FIRST@example.com' })).rejects.toBeInstanceOf(DuplicateError);
      expect((await context.store.users.findById(second.id))?.email).toBe('second@example.com');
      const recased = await context.store.users.update(second.id, { email: 'Second@Example.com' });
      expect(recased?.email).toBe('Second@Example.com');
      expect((await context.store.users.findByEmail('second@example.com'))?.id).toBe(second.id);
    });

    it('deletes a user once', async () => {
      const user = await context.createUser();
      expect(await context.store.users.delete(user.id)).toBe(true);
      expect(await context.store.users.delete(user.id)).toBe(false);
      expect(await context.store.users.findById(user.id)).toBeNull();
      expect(await context.store.users.findByEmail(user.email)).toBeNull();
    });
  });
}
