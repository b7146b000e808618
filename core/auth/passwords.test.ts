import bcrypt from 'bcryptjs';
import { describe, expect, it } from 'vitest';
import { DUMMY_HASH, hashPassword, PASSWORD_HASH_COST, verifyPassword } from './passwords.js';

describe('passwords', () => {
  it('hashes with bcrypt and verifies only the right password', async () => {
    const hash = await hashPassword('correct horse');
    expect(bcrypt.getRounds(hash)).toBe(PASSWORD_HASH_COST);
    expect(await verifyPassword('correct horse', hash)).toBe(true);
    expect(await verifyPassword('wrong horse', hash)).toBe(false);
  });

  it('checks a sign-in without a hash against a real hash of the same cost, and refuses it', async () => {
    expect(bcrypt.getRounds(DUMMY_HASH)).toBe(PASSWORD_HASH_COST);
    expect(bcrypt.getSalt(DUMMY_HASH)).toHaveLength(29);
    expect(await verifyPassword('', null)).toBe(false);
    expect(await verifyPassword('chatbox-timing-equaliser', null)).toBe(false);
  });
});
