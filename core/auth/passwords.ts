import bcrypt from 'bcryptjs';

/** bcrypt, so that password hashes imported from LibreChat keep working. */
export const PASSWORD_HASH_COST = 10;

/**
 * What a sign-in for an account without a password hash is checked against, so that it takes as long
 * as a real one: a bcrypt hash, at the same cost, of random bytes nobody kept. Written out rather
 * than computed when the module loads, which took about 90 ms of every start.
 */
export const DUMMY_HASH = '$2b$10$PavgqDHP4qGvzyLAbXtb/eQNPZUK4/6QP2v1NfY3BvtcJZZiI1e1S';

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, PASSWORD_HASH_COST);
}

export function verifyPassword(password: string, hash: string | null): Promise<boolean> {
  return bcrypt.compare(password, hash ?? DUMMY_HASH);
}
