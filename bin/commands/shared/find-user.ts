import type { Store, User } from '../../../core/store/types.js';
import { CliError } from './cli-error.js';

export async function findUserByEmail(store: Store, email: string): Promise<User> {
  const user = await store.users.findByEmail(email.trim());
  if (!user) throw new CliError(`no user with the email ${email}`);
  return user;
}
