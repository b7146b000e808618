import { ChatboxError } from '../errors/index.js';
import type { Store } from '../store/types.js';
import type { Accounts } from './accounts.js';
import type { Mailer } from './mailer.js';
import { hashToken, newOpaqueToken } from './secret-hash.js';

const RESET_LIFETIME_MS = 15 * 60 * 1000;

/**
 * Single-use reset links valid for 15 minutes. With SMTP the link is mailed; without it the link is
 * returned to the requester (spec 000 §7), which the server warns about at start.
 */
export function createPasswordReset(deps: { store: Store; accounts: Accounts; mailer: Mailer | null; secret: string; appTitle: string }) {
  const { store, accounts, mailer, secret } = deps;
  return {
    async request(email: string, clientOrigin: string): Promise<{ message: string; link?: string }> {
      const user = await store.users.findByEmail(email);
      if (!user) throw new ChatboxError('not_found', 'No user found with that email.');
      const token = newOpaqueToken();
      await store.tokens.put({
        userId: user.id,
        purpose: 'password-reset',
        tokenHash: hashToken(token, secret),
        expiresAt: new Date(Date.now() + RESET_LIFETIME_MS),
      });
      const link = `${clientOrigin}/reset-password?token=${encodeURIComponent(token)}&userId=${encodeURIComponent(user.id)}`;
      if (!mailer) return { message: 'Email is not configured on this server: use the link below to reset your password.', link };
      await mailer.send({
        to: user.email,
        subject: `${deps.appTitle}: reset your password`,
        text: `Hello ${user.name},\n\nOpen this link within 15 minutes to choose a new password:\n${link}\n\nIf you did not ask for this, ignore this email.`,
      });
      return { message: 'If an account with that email exists, a link to reset the password has been sent to it.' };
    },

    async reset(input: { userId: string; token: string; password: string }): Promise<void> {
      const stored = await store.tokens.take(input.userId, 'password-reset', hashToken(input.token, secret));
      if (!stored || stored.expiresAt.getTime() <= Date.now()) throw new ChatboxError('invalid_reset_token');
      if (!(await accounts.setPassword(input.userId, input.password))) throw new ChatboxError('invalid_reset_token');
    },
  };
}

export type PasswordReset = ReturnType<typeof createPasswordReset>;
