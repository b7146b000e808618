import type { StartupConfig } from '@protocol';
import type { ComponentType } from 'react';
import { DiscordIcon, FacebookIcon, GithubIcon, GoogleIcon, OpenIdIcon, type IconProps } from '../../../components/icons/index.js';
import type { TranslationKey } from '../../../lib/i18n/index.js';
import { useLocalize } from '../../../lib/i18n/index.js';

/** Each provider's mark beside its name. */
const socialIcons = {
  github: GithubIcon,
  google: GoogleIcon,
  facebook: FacebookIcon,
  discord: DiscordIcon,
  openid: OpenIdIcon,
} satisfies Record<string, ComponentType<IconProps>>;

type SocialProvider = keyof typeof socialIcons;

const labelKeys: Record<SocialProvider, TranslationKey> = {
  github: 'com_auth_github_login',
  google: 'com_auth_google_login',
  facebook: 'com_auth_facebook_login',
  discord: 'com_auth_discord_login',
  openid: 'com_auth_openid_login',
};

function isProvider(name: string): name is SocialProvider {
  return Object.hasOwn(labelKeys, name);
}

/** Providers listed in config.socialLogins whose `<provider>LoginEnabled` flag is on, in the listed order. */
export function enabledSocialProviders(config: StartupConfig): SocialProvider[] {
  const seen = new Set<SocialProvider>();
  for (const name of config.socialLogins ?? []) {
    if (isProvider(name) && config[`${name}LoginEnabled`] === true) seen.add(name);
  }
  return [...seen];
}

const buttonClass =
  'flex w-full items-center justify-center gap-3 rounded-lg border border-neutral-300 bg-white px-4 py-2.5 text-sm font-medium text-neutral-800 transition-colors hover:bg-neutral-50 dark:border-neutral-600 dark:bg-transparent dark:text-neutral-100 dark:hover:bg-neutral-800';

/** Browser navigations to the server's OAuth start routes, after an 'Or' divider when a form precedes them. */
export function SocialLoginButtons({ config, withDivider }: { config: StartupConfig; withDivider: boolean }) {
  const localize = useLocalize();
  const providers = enabledSocialProviders(config);
  if (providers.length === 0) return null;
  const base = config.serverDomain.replace(/\/+$/, '');

  return (
    <div className="flex flex-col gap-3">
      {withDivider && (
        <div className="relative my-3 flex items-center" role="separator" aria-label={localize('com_auth_or')}>
          <div className="h-px flex-1 bg-neutral-200 dark:bg-neutral-700" />
          <span className="px-3 text-xs font-medium uppercase text-neutral-500 dark:text-neutral-400">
            {localize('com_auth_or')}
          </span>
          <div className="h-px flex-1 bg-neutral-200 dark:bg-neutral-700" />
        </div>
      )}
      {providers.map((provider) => {
        const isOpenId = provider === 'openid';
        const label = (isOpenId && config.openidLabel) || localize(labelKeys[provider]);
        const ProviderIcon = socialIcons[provider];
        return (
          <a key={provider} href={`${base}/oauth/${provider}`} className={buttonClass} data-provider={provider}>
            {isOpenId && config.openidImageUrl ? <img src={config.openidImageUrl} alt="" className="size-5 object-contain" /> : <ProviderIcon />}
            <span>{label}</span>
          </a>
        );
      })}
    </div>
  );
}
