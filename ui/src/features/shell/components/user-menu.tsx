import { useId } from 'react';
import { CoinsIcon, ExportIcon, FilesIcon, HelpIcon, LogoutIcon, SettingsIcon } from '../../../components/icons/index.js';
import { useMenu } from '../../../components/use-menu.js';
import { useAuth } from '../../../lib/auth/index.js';
import { useLanguage, useLocalize } from '../../../lib/i18n/index.js';
import { useStartupConfig } from '../../../lib/startup-config/get-startup-config.js';
import { useBalance } from '../api/get-balance.js';
import { useShellActions } from './shell-slots.js';
import { UserAvatar } from './user-avatar.js';
import { ActionMenuItem, menuItemClass } from './user-menu-items.js';

/** Spec 000 §2: balance, export conversation, my files, help/FAQ, settings, log out. */
export function UserMenu() {
  const localize = useLocalize();
  const { language } = useLanguage();
  const { user, logout } = useAuth();
  const { config } = useStartupConfig();
  const { openSettings, openMyFiles, openExport } = useShellActions();
  const balance = useBalance(config.checkBalance);
  const menu = useMenu();
  const menuId = useId();
  const displayName = user?.name || user?.username || user?.email || '';
  const helpUrl = config.helpAndFaqURL && config.helpAndFaqURL !== '/' ? config.helpAndFaqURL : null;
  const later = localize('com_nav_later_version');

  return (
    <div className="relative">
      <button
        type="button"
        {...menu.triggerProps}
        aria-controls={menu.open ? menuId : undefined}
        aria-label={`${localize('com_nav_user_menu')}: ${displayName}`}
        className="flex w-full items-center gap-3 rounded-lg px-2 py-2 text-start text-sm font-medium hover:bg-neutral-200/70 dark:hover:bg-neutral-800"
      >
        <UserAvatar user={user} />
        <span className="truncate">{displayName}</span>
      </button>

      {menu.open && (
        <div
          id={menuId}
          {...menu.menuProps}
          aria-label={localize('com_nav_user_menu')}
          className="absolute start-0 bottom-full z-50 mb-2 w-full min-w-56 rounded-xl border border-neutral-200 bg-white p-1.5 shadow-lg dark:border-neutral-700 dark:bg-neutral-800"
        >
          {config.checkBalance && balance.data !== undefined && (
            <>
              <p className="flex items-center gap-3 px-3 py-2 text-sm text-neutral-600 dark:text-neutral-300">
                <CoinsIcon />
                {localize(
                  'com_nav_balance',
                  new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(balance.data),
                )}
              </p>
              <div role="separator" className="my-1.5 h-px bg-neutral-200 dark:bg-neutral-700" />
            </>
          )}
          <ActionMenuItem
            icon={<ExportIcon />}
            label={localize('com_nav_export_conversation')}
            onSelect={openExport && (() => { menu.close(); openExport(); })}
            unavailableReason={localize('com_nav_export_needs_conversation')}
          />
          <ActionMenuItem
            icon={<FilesIcon />}
            label={localize('com_nav_my_files')}
            onSelect={openMyFiles && (() => { menu.close(); openMyFiles(); })}
            unavailableReason={later}
          />
          {helpUrl && (
            <a
              role="menuitem"
              tabIndex={-1}
              href={helpUrl}
              target="_blank"
              rel="noopener noreferrer"
              className={menuItemClass}
              onClick={() => menu.close(false)}
            >
              <HelpIcon />
              <span className="flex-1">{localize('com_nav_help_faq')}</span>
              <span className="sr-only">{localize('com_ui_opens_new_tab')}</span>
            </a>
          )}
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            disabled={!openSettings}
            className={menuItemClass}
            onClick={() => {
              menu.close();
              openSettings?.();
            }}
          >
            <SettingsIcon />
            {localize('com_nav_settings')}
          </button>
          <div role="separator" className="my-1.5 h-px bg-neutral-200 dark:bg-neutral-700" />
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            className={menuItemClass}
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
