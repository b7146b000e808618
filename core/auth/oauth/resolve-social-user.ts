import type { BalanceSettings } from '../../../config/balance-settings.js';
import type { ServerEnv } from '../../../config/env.js';
import { DuplicateError } from '../../errors/index.js';
import type { Store } from '../../store/types.js';
import type { User } from '../../store/repositories/users.js';
import { isEmailDomainAllowed } from '../email-domain.js';
import { openAccount } from '../open-account.js';
import type { SocialProvider } from '../social-providers.js';
import { OAuthFlowError } from './oauth-failure.js';
import type { SocialProfile } from './provider-descriptor.js';

export interface SocialUserRules {
  store: Store;
  env: Pick<ServerEnv, 'ALLOW_SOCIAL_REGISTRATION'>;
  /** registration.allowedDomains: it covers social sign-in as well as registration. */
  allowedDomains: string[] | undefined;
  /** A new account's starting credits. */
  balance: BalanceSettings;
}

/**
 * Decides which account a provider's profile signs into: the one already linked to it, else the
 * account with the same address (linked now, and only when the provider vouches for the address),
 * else a new one when social registration is open. Throws OAuthFlowError with the reason otherwise.
 */
export async function resolveSocialUser(rules: SocialUserRules, provider: SocialProvider, profile: SocialProfile): Promise<User> {
  const { store } = rules;
  const email = profile.email?.trim().toLowerCase() || null;

  const linked = await store.users.findByProvider(provider, profile.providerId);
  if (linked) {
    assertDomainAllowed(email ?? linked.email, rules.allowedDomains);
    return linked;
  }

  if (!email) throw new OAuthFlowError('email_required', `${provider} returned no email address`);
  assertDomainAllowed(email, rules.allowedDomains);

  const existing = await store.users.findByEmail(email);
  if (existing) {
    // An unverified address proves nothing: linking on it would hand the account to whoever typed it in.
    if (!profile.emailVerified) throw new OAuthFlowError('email_not_verified', `${provider} does not vouch for ${email}`);
    // Nobody proved they owned this address when the local account was made, so whoever set its
    // password may not be the owner the provider just vouched for: the password and every open
    // session go, and the owner can set a new password by reset.
    const claimedWithoutProof = !existing.emailVerified && existing.passwordHash !== null;
    const updated = await store.users.update(existing.id, {
      provider,
      providerId: profile.providerId,
      emailVerified: true,
      avatar: existing.avatar ?? profile.avatar,
      ...(claimedWithoutProof ? { passwordHash: null } : {}),
    });
    if (claimedWithoutProof) await store.sessions.deleteByUser(existing.id);
    return updated ?? existing;
  }

  if (!rules.env.ALLOW_SOCIAL_REGISTRATION) throw new OAuthFlowError('registration_disabled', `no account for ${email}`);
  try {
    // Same rules as local registration: the first account administers, new users get the starting balance.
    return await openAccount(store, rules.balance, {
      name: profile.name.trim() || profile.username || email.split('@')[0],
      username: profile.username,
      email,
      emailVerified: profile.emailVerified,
      avatar: profile.avatar,
      provider,
      providerId: profile.providerId,
      passwordHash: null,
    });
  } catch (error) {
    // Two callbacks for the same new account racing: the loser signs into the winner's account.
    if (error instanceof DuplicateError) {
      const winner = await store.users.findByProvider(provider, profile.providerId);
      if (winner) return winner;
    }
    throw error;
  }
}

function assertDomainAllowed(email: string, allowedDomains: string[] | undefined): void {
  if (!isEmailDomainAllowed(email, allowedDomains)) throw new OAuthFlowError('domain_not_allowed', `${email} is outside registration.allowedDomains`);
}
