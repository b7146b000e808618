import type { ServerEnv } from '../../config/env.js';
import type { NewUser, Store, User } from '../store/types.js';

export type AccountEnv = Pick<ServerEnv, 'CHECK_BALANCE' | 'START_BALANCE'>;

/**
 * The one place an account comes into being (registration, `chatbox user create`, a social sign-up):
 * the first account of an instance administers it, and when balances are on the new user starts
 * with START_BALANCE credits, as LibreChat grants them. The grant is a ledger entry like any other
 * (context `start`), so `chatbox balance show` and the transaction list explain where it came from.
 */
export async function openAccount(store: Store, env: AccountEnv, user: Omit<NewUser, 'role'>): Promise<User> {
  const role = (await store.users.count()) === 0 ? 'ADMIN' : 'USER';
  const created = await store.users.create({ ...user, role });
  if (env.CHECK_BALANCE && env.START_BALANCE !== 0) {
    await store.balances.record({
      userId: created.id, conversationId: null, tokenType: 'credits', model: null, context: 'start',
      rawAmount: env.START_BALANCE, rate: 1, tokenValue: env.START_BALANCE,
    });
  }
  return created;
}
