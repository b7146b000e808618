import { ChatboxError } from '../errors/index.js';
import type { Store } from '../store/types.js';
import type { User } from '../store/repositories/users.js';
import type { Accounts } from './accounts.js';
import type { ServerEnv } from '../../config/env.js';
import { isEmailConfigured, type Mailer } from './mailer.js';
import { hashToken, newOpaqueToken } from './secret-hash.js';

const RESET_LIFETIME_MS = 15 * 60 * 1000;

export const RESET_MAILED_MESSAGE = 'If an account with that email exists, a link to reset the password has been sent to it.';
export const RESET_BY_ADMINISTRATOR_MESSAGE =
  'This server cannot send email: ask your administrator to reset your password (chatbox user reset-password).';

/** Whether users can reset their own password here: by mail, or by the link when the operator opted in. */
export function isPasswordSelfServiceOn(env: Pick<ServerEnv, 'EMAIL_SERVICE' | 'EMAIL_HOST' | 'ALLOW_UNVERIFIED_PASSWORD_RESET_LINK'>): boolean {
  return isEmailConfigured(env) || env.ALLOW_UNVERIFIED_PASSWORD_RESET_LINK;
}

/** What `chatbox serve` warns about at start when email is off; null when it is on. */
export function passwordResetWarning(env: Pick<ServerEnv, 'EMAIL_SERVICE' | 'EMAIL_HOST' | 'ALLOW_UNVERIFIED_PASSWORD_RESET_LINK'>): string | null {
  if (isEmailConfigured(env)) return null;
  if (env.ALLOW_UNVERIFIED_PASSWORD_RESET_LINK) {
    return 'EMAIL_* is not set and ALLOW_UNVERIFIED_PASSWORD_RESET_LINK=true: password reset links are shown to whoever asks, so anyone who knows an email can take over that account. Set EMAIL_HOST to mail them instead.';
  }
  return 'EMAIL_* is not set: users cannot reset their own password; reset it for them with `chatbox user reset-password`. Set EMAIL_HOST to mail reset links.';
}

export interface PasswordResetOptions {
  store: Store;
  accounts: Accounts;
  mailer: Mailer | null;
  secret: string;
  appTitle: string;
  /** ALLOW_UNVERIFIED_PASSWORD_RESET_LINK: without a mailer, answer the link to the requester. */
  returnLinkWithoutMailer: boolean;
  /** Where a mail that could not be sent is reported: the requester never learns of it. */
  onMailError(error: unknown): void;
}

/**
 * Single-use reset links valid for 15 minutes. With SMTP the link is mailed. Without it, by default
 * no link is made at all: handing it to an anonymous requester would let anyone who knows an email
 * take over that account, so the administrator resets passwords with the CLI. The answer never says
 * whether the email belongs to an account, and never waits for the mail server.
 */
export function createPasswordReset(options: PasswordResetOptions) {
  const { store, accounts, mailer, secret } = options;
  const selfService = Boolean(mailer) || options.returnLinkWithoutMailer;

  async function newLink(userId: string, clientOrigin: string): Promise<string> {
    const token = newOpaqueToken();
    await store.tokens.put({ userId, purpose: 'password-reset', tokenHash: hashToken(token, secret), expiresAt: new Date(Date.now() + RESET_LIFETIME_MS) });
    return `${clientOrigin}/reset-password?token=${encodeURIComponent(token)}&userId=${encodeURIComponent(userId)}`;
  }

  async function mailLink(sender: Mailer, user: User, clientOrigin: string): Promise<void> {
    const link = await newLink(user.id, clientOrigin);
    await sender.send({
      to: user.email,
      subject: `${options.appTitle}: reset your password`,
      text: `Hello ${user.name},\n\nOpen this link within 15 minutes to choose a new password:\n${link}\n\nIf you did not ask for this, ignore this email.`,
    });
  }

  return {
    /** False when users cannot reset their own password here (no SMTP and no opt-in): the UI says whom to ask. */
    selfService,

    async request(email: string, clientOrigin: string): Promise<{ message: string; link?: string }> {
      if (!selfService) return { message: RESET_BY_ADMINISTRATOR_MESSAGE };
      const user = await store.users.findByEmail(email);
      if (!mailer) {
        // The operator's opt-in: LibreChat's behaviour, which necessarily tells known emails apart.
        if (!user) return { message: RESET_MAILED_MESSAGE };
        return { message: 'Email is not configured on this server: use the link below to reset your password.', link: await newLink(user.id, clientOrigin) };
      }
      // Not awaited: storing the token and talking to the SMTP server would make a known email answer later.
      if (user) mailLink(mailer, user, clientOrigin).catch(options.onMailError);
      return { message: RESET_MAILED_MESSAGE };
    },

    async reset(input: { userId: string; token: string; password: string }): Promise<void> {
      const stored = await store.tokens.take(input.userId, 'password-reset', hashToken(input.token, secret));
      if (!stored || stored.expiresAt.getTime() <= Date.now()) throw new ChatboxError('invalid_reset_token');
      if (!(await accounts.setPassword(input.userId, input.password))) throw new ChatboxError('invalid_reset_token');
    },
  };
}

export type PasswordReset = ReturnType<typeof createPasswordReset>;
