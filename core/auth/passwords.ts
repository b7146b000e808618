import { createBcryptPool } from './bcrypt-pool.js';

/** bcrypt, so that password hashes imported from LibreChat keep working. */
export const PASSWORD_HASH_COST = 10;

/**
 * What a sign-in for an account without a password hash is checked against, so that it takes as long
 * as a real one: a bcrypt hash, at the same cost, of random bytes nobody kept. Written out rather
 * than computed when the module loads, which took about 90 ms of every start.
 */
export const DUMMY_HASH = '$2b$10$PavgqDHP4qGvzyLAbXtb/eQNPZUK4/6QP2v1NfY3BvtcJZZiI1e1S';

// One pool for the process: the server and the CLI alike hash off the main thread.
const pool = createBcryptPool();

export async function hashPassword(password: string): Promise<string> {
  const hash = await pool.run({ kind: 'hash', password, cost: PASSWORD_HASH_COST });
  if (typeof hash !== 'string') throw new Error('bcrypt returned no hash');
  return hash;
}

export async function verifyPassword(password: string, hash: string | null): Promise<boolean> {
  return (await pool.run({ kind: 'compare', password, hash: hash ?? DUMMY_HASH })) === true;
}
