import type { PluginDto } from '@protocol';
import { Button } from '../../../components/button.js';
import { useLocalize } from '../../../lib/i18n/index.js';
import { ApprovalBadge } from './approval-badge.js';

export interface PluginCardProps {
  plugin: PluginDto;
  installed: boolean;
  /** Below 640 px the list is collapsed: name and button only, the description in the tooltip. */
  collapsed: boolean;
  busy: boolean;
  onInstall: () => void;
  onUninstall: () => void;
}

/** One tool of the store: icon, name, whether it asks before each use, description and its install or uninstall button. */
export function PluginCard({ plugin, installed, collapsed, busy, onInstall, onUninstall }: PluginCardProps) {
  const localize = useLocalize();
  return (
    <li
      className="flex min-w-0 flex-col gap-3 rounded-xl border border-neutral-200 p-3 dark:border-neutral-700"
      title={collapsed ? plugin.description : undefined}
      data-installed={installed}
    >
      <div className="flex items-center gap-3">
        <img src={plugin.icon} alt="" width={40} height={40} className="size-10 shrink-0 rounded-md bg-white object-contain" />
        <div className="min-w-0 flex-1">
          <h3 className="text-sm font-semibold break-words">{plugin.name}</h3>
          {installed && <p className="text-xs text-emerald-700 dark:text-emerald-300">{localize('com_ui_plugin_installed')}</p>}
          {plugin.requiresApproval && <ApprovalBadge />}
        </div>
      </div>
      {!collapsed && <p className="line-clamp-3 flex-1 text-xs text-neutral-600 dark:text-neutral-300">{plugin.description}</p>}
      <Button
        variant={installed ? 'secondary' : 'primary'}
        className="self-start px-3 py-1.5"
        // Not `disabled`: a disabled button drops the focus to <body>, out of the dialog's keyboard reach.
        aria-disabled={busy || undefined}
        aria-label={localize(installed ? 'com_ui_plugin_uninstall_named' : 'com_ui_plugin_install_named', plugin.name)}
        onClick={busy ? undefined : installed ? onUninstall : onInstall}
      >
        {localize(installed ? 'com_nav_plugin_uninstall' : 'com_nav_plugin_install')}
      </Button>
    </li>
  );
}
