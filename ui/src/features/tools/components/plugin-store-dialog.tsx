import type { PluginDto } from '@protocol';
import { useEffect, useRef, useState } from 'react';
import { Alert } from '../../../components/alert.js';
import { Dialog } from '../../../components/dialog.js';
import { Spinner } from '../../../components/spinner.js';
import { useChatSetup } from '../../../lib/chat-setup/index.js';
import { useLocalize } from '../../../lib/i18n/index.js';
import { useAvailablePluginsQuery, useInstalledPlugins, useUpdateUserPlugins } from '../api/plugins-api.js';
import { useTimedMessage } from '../hooks/use-timed-message.js';
import { useWindowWidth } from '../hooks/use-window-width.js';
import { readLastSelectedTools, rememberSelectedTools } from '../utils/selected-tools.js';
import { gridColumns, itemsPerPage, pageCount, pageOf, searchPlugins } from '../utils/store-paging.js';
import { PluginAuthForm } from './plugin-auth-form.js';
import { PluginCard } from './plugin-card.js';
import { StorePagination } from './store-pagination.js';

const gridClasses: Record<number, string> = { 1: 'grid-cols-1', 2: 'grid-cols-2', 3: 'grid-cols-3', 4: 'grid-cols-4' };

export interface PluginStoreDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * The plugin store (spec 001 §2): search, a paged grid sized by the shared items-per-page rule,
 * install and uninstall. A tool with credentials the operator did not set asks for them first; the
 * server's refusal shows as a red banner for 5 s.
 */
export function PluginStoreDialog({ open, onClose }: PluginStoreDialogProps) {
  const localize = useLocalize();
  const width = useWindowWidth();
  const plugins = useAvailablePluginsQuery();
  const installed = useInstalledPlugins() ?? [];
  const { setup, update: updateSetup } = useChatSetup();
  const update = useUpdateUserPlugins();
  const error = useTimedMessage();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [authFor, setAuthFor] = useState<PluginDto | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const hadAuthForm = useRef(false);

  // Leaving the auth form removes the focused field or button: focus goes back to the search, inside the dialog.
  useEffect(() => {
    if (authFor) hadAuthForm.current = true;
    else if (hadAuthForm.current) {
      hadAuthForm.current = false;
      searchRef.current?.focus();
    }
  }, [authFor]);

  const perPage = itemsPerPage(width);
  const found = searchPlugins(plugins.data ?? [], search);
  const pages = pageCount(found.length, perPage);
  const shown = pageOf(found, page, perPage);

  const change = (plugin: PluginDto, action: 'install' | 'uninstall', auth: Record<string, string> | null) => {
    error.clear();
    update.mutate(
      { pluginKey: plugin.pluginKey, action, auth },
      {
        onSuccess: () => {
          setAuthFor(null);
          if (action === 'uninstall') dropFromSelection(plugin.pluginKey);
        },
        onError: (failure) => error.show(failure.message || localize('com_nav_plugin_auth_error')),
      },
    );
  };
  // An uninstalled tool leaves the chat's tools and the remembered selection at once.
  const dropFromSelection = (key: string) => {
    rememberSelectedTools(readLastSelectedTools().filter((entry) => entry !== key));
    if (setup.tools?.includes(key)) updateSetup({ tools: setup.tools.filter((entry) => entry !== key) });
  };
  const install = (plugin: PluginDto) => {
    if (plugin.authConfig.length > 0 && !plugin.authenticated) setAuthFor(plugin);
    else change(plugin, 'install', null);
  };

  return (
    <Dialog open={open} onClose={onClose} title={localize('com_nav_plugin_store')} size="lg" className="sm:max-w-5xl">
      <div className="flex flex-col gap-4 pb-3">
        {error.message && <Alert>{error.message}</Alert>}
        {authFor ? (
          <PluginAuthForm plugin={authFor} submitting={update.isPending} onSubmit={(auth) => change(authFor, 'install', auth)} onCancel={() => setAuthFor(null)} />
        ) : (
          <>
            <input
              ref={searchRef}
              type="search"
              aria-label={localize('com_nav_plugin_search')}
              placeholder={localize('com_nav_plugin_search')}
              value={search}
              onChange={(event) => {
                setSearch(event.target.value);
                setPage(0);
              }}
              className="w-full rounded-lg border border-neutral-300 bg-white px-3 py-2 text-sm dark:border-neutral-600 dark:bg-neutral-900"
            />
            {plugins.isPending && <Spinner />}
            {plugins.error && <Alert>{plugins.error.message}</Alert>}
            {plugins.data && found.length === 0 && <p className="text-sm text-neutral-500 dark:text-neutral-400">{localize('com_ui_plugin_none_found')}</p>}
            <ul aria-label={localize('com_ui_plugin_list')} className={`grid min-w-0 gap-3 ${gridClasses[gridColumns(width)]}`}>
              {shown.map((plugin) => (
                <PluginCard
                  key={plugin.pluginKey}
                  plugin={plugin}
                  installed={installed.includes(plugin.pluginKey)}
                  collapsed={width < 640}
                  busy={update.isPending && update.variables?.pluginKey === plugin.pluginKey}
                  onInstall={() => install(plugin)}
                  onUninstall={() => change(plugin, 'uninstall', null)}
                />
              ))}
            </ul>
            <StorePagination page={Math.min(page, pages - 1)} pages={pages} onPage={setPage} />
          </>
        )}
      </div>
    </Dialog>
  );
}
