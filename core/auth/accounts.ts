import type { ChatboxConfig } from '../../config/types.js';
import { ChatboxError, DuplicateError } from '../errors/index.js';
import type { Store } from '../store/types.js';
import type { User } from '../store/repositories/users.js';
import { isEmailDomainAllowed } from './email-domain.js';
import { openAccount } from './open-account.js';
import { hashPassword, verifyPassword } from './passwords.js';

export interface NewAccount {
  name: string;
  username?: string;
  email: string;
  password: string;
}

/**
 * Local accounts: shared by the HTTP routes and the CLI, so both apply the same rules (openAccount:
 * the first account administers the instance, new users get the starting balance).
 */
export function createAccounts(store: Store, config: Pick<ChatboxConfig, 'yaml' | 'balance'>) {
  return {
    async register(account: NewAccount, options: { skipDomainCheck?: boolean } = {}): Promise<User> {
      const email = account.email.trim().toLowerCase();
      if (!options.skipDomainCheck && !isEmailDomainAllowed(email, config.yaml.registration?.allowedDomains)) {
        throw new ChatboxError('domain_not_allowed');
      }
      if (await store.users.findByEmail(email)) throw new DuplicateError('An account with that email already exists.');
      return openAccount(store, config.balance, {
        name: account.name.trim(),
        username: account.username?.trim() ?? '',
        email,
        provider: 'local',
        passwordHash: await hashPassword(account.password),
      });
    },

    /** The user when email and password match; null otherwise (without saying which was wrong). */
    async verifyLogin(email: string, password: string): Promise<User | null> {
      const user = await store.users.findByEmail(email.trim());
      const matches = await verifyPassword(password, user?.passwordHash ?? null);
      return user && matches && user.passwordHash ? user : null;
    },

    async setPassword(userId: string, password: string): Promise<User | null> {
      const user = await store.users.update(userId, { passwordHash: await hashPassword(password) });
      // A new password ends every existing sign-in.
      if (user) await store.sessions.deleteByUser(userId);
      return user;
    },
  };
}

export type Accounts = ReturnType<typeof createAccounts>;
