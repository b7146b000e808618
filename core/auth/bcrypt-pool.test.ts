import bcrypt from 'bcryptjs';
import { isMainThread } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { createBcryptPool, type BcryptPool } from './bcrypt-pool.js';

let pool: BcryptPool | undefined;
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

describe('bcrypt pool', () => {
  it('hashes and compares in threads, compatibly with bcryptjs (and so with LibreChat hashes)', async () => {
    pool = createBcryptPool(2);
    const hash = await pool.run({ kind: 'hash', password: 'correct horse', cost: 4 });
    expect(typeof hash === 'string' && bcrypt.compareSync('correct horse', hash)).toBe(true);
    // LibreChat's bcryptjs 2 wrote $2a$ hashes; the algorithm is the same as $2b$'s.
    const libreChatHash = bcrypt.hashSync('imported', 4).replace('$2b$', '$2a$');
    expect(libreChatHash.startsWith('$2a$04$')).toBe(true);
    expect(await pool.run({ kind: 'compare', password: 'imported', hash: libreChatHash })).toBe(true);
    expect(await pool.run({ kind: 'compare', password: 'wrong', hash: libreChatHash })).toBe(false);
  });

  it('runs many tasks at once on at most its size of threads, each answered with its own result', async () => {
    pool = createBcryptPool(2);
    const hashes = [bcrypt.hashSync('alpha', 4), bcrypt.hashSync('beta', 4)];
    const checks = Array.from({ length: 12 }, (_, index) => ({ password: index % 3 === 0 ? 'alpha' : 'beta', hash: hashes[index % 2] }));
    const results = await Promise.all(checks.map((check) => pool!.run({ kind: 'compare', ...check })));
    expect(results).toEqual(checks.map((check) => bcrypt.compareSync(check.password, check.hash)));
    expect(results).toContain(true);
    expect(results).toContain(false);
  });

  it('leaves the event loop free while it works', async () => {
    expect(isMainThread).toBe(true);
    pool = createBcryptPool(1);
    let done = false;
    const work = Promise.all(Array.from({ length: 2 }, () => pool!.run({ kind: 'hash', password: 'x', cost: 12 }))).then(() => (done = true));
    // Count turns of the event loop during about a second of hashing. bcryptjs's own async functions
    // run on this thread in slices of up to 100 ms, which leaves room for a dozen turns at most.
    let turns = 0;
    await new Promise<void>((resolve) => {
      const turn = () => {
        turns += 1;
        if (done) resolve();
        else setImmediate(turn);
      };
      setImmediate(turn);
    });
    await work;
    expect(turns).toBeGreaterThan(100);
  });

  it('turns a bcrypt error into a rejection and keeps working', async () => {
    pool = createBcryptPool(1);
    await expect(pool.run({ kind: 'compare', password: 'x', hash: `$9z$10$${'a'.repeat(53)}` })).rejects.toThrow('Invalid salt version');
    expect(await pool.run({ kind: 'compare', password: 'x', hash: bcrypt.hashSync('x', 4) })).toBe(true);
  });
});
