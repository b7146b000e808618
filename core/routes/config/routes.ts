import type { FastifyInstance } from 'fastify';
import type { ChatboxConfig } from '../../../config/types.js';
import { isEmailConfigured } from '../../auth/mailer.js';
import { isPasswordSelfServiceOn } from '../../auth/password-reset.js';
import { isSocialProviderEnabled, socialProviders } from '../../auth/social-providers.js';
import type { StartupConfig } from '../../protocol/startup-config.js';
import { packageVersion } from '../../../config/package-root.js';
import { resolveInterface } from './interface-settings.js';

const DEFAULT_AVATAR_LIMIT_MB = 2;
const MB = 1024 * 1024;

/** GET /api/config: public, read before sign-in, so it carries nothing secret. */
export function startupConfig(config: ChatboxConfig): StartupConfig {
  const { env, yaml } = config;
  const enabled = (provider: (typeof socialProviders)[number]) => isSocialProviderEnabled(provider, env);
  return {
    appTitle: env.APP_TITLE ?? 'chatbox',
    customFooter: env.CUSTOM_FOOTER,
    interface: resolveInterface(yaml),
    // Omitted, not null, without specs: a field without a value is left out (issue 13).
    ...(yaml.modelSpecs && { modelSpecs: yaml.modelSpecs }),
    socialLogins: yaml.registration?.socialLogins ?? [...socialProviders],
    githubLoginEnabled: enabled('github'),
    googleLoginEnabled: enabled('google'),
    discordLoginEnabled: enabled('discord'),
    facebookLoginEnabled: enabled('facebook'),
    openidLoginEnabled: enabled('openid'),
    openidLabel: env.OPENID_BUTTON_LABEL ?? 'Continue with OpenID',
    openidImageUrl: env.OPENID_IMAGE_URL ?? '',
    socialLoginEnabled: socialProviders.some(enabled),
    emailLoginEnabled: env.ALLOW_EMAIL_LOGIN,
    registrationEnabled: env.ALLOW_REGISTRATION,
    emailEnabled: isEmailConfigured(env),
    passwordResetEnabled: isPasswordSelfServiceOn(env),
    serverDomain: env.DOMAIN_SERVER ?? '',
    showBirthdayIcon: env.SHOW_BIRTHDAY_ICON,
    checkBalance: config.balance.enabled,
    sharedLinksEnabled: env.ALLOW_SHARED_LINKS,
    publicSharedLinksEnabled: env.ALLOW_SHARED_LINKS && env.ALLOW_SHARED_LINKS_PUBLIC,
    helpAndFaqURL: env.HELP_AND_FAQ_URL ?? '/',
    avatarSizeLimit: (yaml.fileConfig?.avatarSizeLimit ?? DEFAULT_AVATAR_LIMIT_MB) * MB,
    conversationImportMaxFileSize: env.CONVERSATION_IMPORT_MAX_FILE_SIZE_BYTES,
    version: packageVersion(),
  };
}

export async function configRoutes(app: FastifyInstance, { config }: { config: ChatboxConfig }): Promise<void> {
  const payload = startupConfig(config);
  app.get('/api/config', async () => payload);
}
