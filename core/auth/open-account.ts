import type { BalanceSettings } from '../../config/balance-settings.js';
import type { Store } from '../store/types.js';
import type { NewUser, User } from '../store/repositories/users.js';
import { grantStartBalance } from './start-balance.js';

/**
 * The one place an account comes into being (registration, `chatbox user create`, a social sign-up):
 * the first account of an instance administers it, and when balances are on the new user starts
 * with its starting credits, as LibreChat grants them.
 */
export async function openAccount(store: Store, balance: BalanceSettings, user: Omit<NewUser, 'role'>): Promise<User> {
  const role = (await store.users.count()) === 0 ? 'ADMIN' : 'USER';
  const created = await store.users.create({ ...user, role });
  await grantStartBalance(store, created.id, balance);
  return created;
}
