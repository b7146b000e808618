import type { Store } from '../../../core/store/types.js';
import type { User } from '../../../core/store/repositories/users.js';
import { CliError } from './cli-error.js';
import { valueOrPrompt } from './prompt.js';

export async function findUserByEmail(store: Store, email: string): Promise<User> {
  const user = await store.users.findByEmail(email.trim());
  if (!user) throw new CliError(`no user with the email ${email}`);
  return user;
}

/** The user `--email` names, asked for on a terminal when the flag is missing. */
export async function userFromEmailOption(store: Store, email: string | undefined): Promise<User> {
  return findUserByEmail(store, await valueOrPrompt(email, '--email', 'Email: '));
}
