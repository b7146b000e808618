import { useId, type ReactNode } from 'react';
import { LogoutIcon, MonitorIcon, MoonIcon, SettingsIcon, SunIcon } from '../../../components/icons.js';
import { useMenu } from '../../../components/use-menu.js';
import { classNames } from '../../../components/class-names.js';
import { useAuth } from '../../../lib/auth/index.js';
import { useLocalize, type TranslationKey } from '../../../lib/i18n/index.js';
import { useTheme, type ThemeSetting } from '../../../lib/theme/index.js';
import { UserAvatar } from './user-avatar.js';

const itemClass =
  'flex w-full items-center gap-3 rounded-lg px-3 py-2 text-left text-sm text-neutral-800 hover:bg-neutral-100 focus-visible:bg-neutral-100 disabled:cursor-not-allowed disabled:opacity-50 disabled:hover:bg-transparent dark:text-neutral-100 dark:hover:bg-neutral-700/60 dark:focus-visible:bg-neutral-700/60';

const themes: Array<{ value: ThemeSetting; labelKey: TranslationKey; icon: () => ReactNode }> = [
  { value: 'system', labelKey: 'com_nav_theme_system', icon: MonitorIcon },
  { value: 'dark', labelKey: 'com_nav_theme_dark', icon: MoonIcon },
  { value: 'light', labelKey: 'com_nav_theme_light', icon: SunIcon },
];

/** Bottom of the sidebar: who is signed in, theme, settings (later) and log out. */
export function UserMenu() {
  const localize = useLocalize();
  const { user, logout } = useAuth();
  const { theme, setTheme } = useTheme();
  const menu = useMenu();
  const menuId = useId();
  const themeLabelId = `${menuId}-theme`;
  const displayName = user?.name || user?.username || user?.email || '';

  return (
    <div className="relative">
      <button
        type="button"
        {...menu.triggerProps}
        aria-controls={menu.open ? menuId : undefined}
        aria-label={`${localize('com_nav_user_menu')}: ${displayName}`}
        className="flex w-full items-center gap-3 rounded-lg px-2 py-2 text-left text-sm font-medium hover:bg-neutral-200/70 dark:hover:bg-neutral-800"
      >
        <UserAvatar user={user} />
        <span className="truncate">{displayName}</span>
      </button>

      {menu.open && (
        <div
          id={menuId}
          {...menu.menuProps}
          aria-label={localize('com_nav_user_menu')}
          className="absolute bottom-full left-0 z-50 mb-2 w-full min-w-56 rounded-xl border border-neutral-200 bg-white p-1.5 shadow-lg dark:border-neutral-700 dark:bg-neutral-800"
        >
          <div role="group" aria-labelledby={themeLabelId}>
            <p id={themeLabelId} className="px-3 pt-1 pb-1 text-xs font-medium text-neutral-500 dark:text-neutral-400">
              {localize('com_nav_theme')}
            </p>
            {themes.map(({ value, labelKey, icon: ThemeIcon }) => (
              <button
                key={value}
                type="button"
                role="menuitemradio"
                aria-checked={theme === value}
                tabIndex={-1}
                className={classNames(itemClass, theme === value && 'font-semibold')}
                onClick={() => setTheme(value)}
              >
                <ThemeIcon />
                <span className="flex-1">{localize(labelKey)}</span>
                {theme === value && <span aria-hidden="true">✓</span>}
              </button>
            ))}
          </div>
          <div role="separator" className="my-1.5 h-px bg-neutral-200 dark:bg-neutral-700" />
          <button type="button" role="menuitem" tabIndex={-1} disabled className={itemClass}>
            <SettingsIcon />
            {localize('com_nav_settings')}
          </button>
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            className={itemClass}
            onClick={() => {
              menu.close(false);
              void logout();
            }}
          >
            <LogoutIcon />
            {localize('com_nav_log_out')}
          </button>
        </div>
      )}
    </div>
  );
}
