import { useId, useState } from 'react';
import { Button } from '../../../components/button.js';
import type { ChatSetup } from '../../../lib/chat-setup/index.js';
import { endpointKind, useEndpointsQuery } from '../../../lib/endpoints/index.js';
import { useLocalize } from '../../../lib/i18n/index.js';
import { useAvailablePluginsQuery, useInstalledPlugins } from '../api/plugins-api.js';
import { rememberSelectedTools, toggleTool } from '../utils/selected-tools.js';
import { toolAvailability } from '../utils/tool-availability.js';
import { ApprovalBadge } from './approval-badge.js';
import { PluginStoreDialog } from './plugin-store-dialog.js';

export interface ToolPickerProps {
  value: ChatSetup;
  onChange: (patch: Partial<ChatSetup>) => void;
}

/**
 * The settings popover's tools (spec 001 §2, issue 17 §2): the user's installed tools to switch on
 * for this chat, remembered as `lastSelectedTools`, and the button that opens the plugin store. A
 * model that cannot call tools gets a note instead.
 */
export function ToolPicker({ value, onChange }: ToolPickerProps) {
  const localize = useLocalize();
  const { data: endpointsConfig } = useEndpointsQuery();
  const plugins = useAvailablePluginsQuery();
  const installed = useInstalledPlugins();
  const [storeOpen, setStoreOpen] = useState(false);
  const badgeIds = useId();
  const availability = toolAvailability(endpointKind(value.endpoint, endpointsConfig), value.model);
  if (availability === 'none') return null;

  const selected = value.tools ?? [];
  // Installed tools, and a selected one the operator authenticated (usable without an install) so it can be switched off.
  const offered = (plugins.data ?? []).filter((plugin) => installed?.includes(plugin.pluginKey) || (plugin.authenticated && selected.includes(plugin.pluginKey)));
  const toggle = (key: string) => {
    const tools = toggleTool(selected, key);
    rememberSelectedTools(tools);
    onChange({ tools });
  };

  return (
    <fieldset className="flex flex-col gap-2 border-t border-neutral-200 pt-4 dark:border-neutral-700">
      <legend className="float-left mb-1 text-sm font-medium text-neutral-800 dark:text-neutral-200">{localize('com_ui_tools')}</legend>
      {availability === 'unsupported' ? (
        <p className="clear-left text-sm text-neutral-500 dark:text-neutral-400">{localize('com_ui_tools_unsupported', value.model ?? '')}</p>
      ) : (
        <>
          {offered.length === 0 ? (
            <p className="clear-left text-sm text-neutral-500 dark:text-neutral-400">{localize('com_ui_tools_none_installed')}</p>
          ) : (
            <ul className="clear-left flex flex-col gap-1">
              {offered.map((plugin, index) => {
                // The badge describes the checkbox rather than lengthening its name.
                const badgeId = plugin.requiresApproval ? `${badgeIds}-approval-${index}` : undefined;
                return (
                  <li key={plugin.pluginKey} className="flex items-center gap-2">
                    <label className="flex min-w-0 cursor-pointer items-center gap-2 rounded-lg px-1 py-1 text-sm hover:bg-neutral-100 dark:hover:bg-neutral-700">
                      <input type="checkbox" checked={selected.includes(plugin.pluginKey)} onChange={() => toggle(plugin.pluginKey)} aria-describedby={badgeId} className="size-4" />
                      <img src={plugin.icon} alt="" width={20} height={20} className="size-5 rounded-sm bg-white object-contain" />
                      <span className="truncate">{plugin.name}</span>
                    </label>
                    {badgeId && <ApprovalBadge id={badgeId} />}
                  </li>
                );
              })}
            </ul>
          )}
          <Button variant="secondary" className="self-start px-3 py-1.5" aria-haspopup="dialog" onClick={() => setStoreOpen(true)}>
            {localize('com_nav_plugin_store')}
          </Button>
        </>
      )}
      <PluginStoreDialog open={storeOpen} onClose={() => setStoreOpen(false)} />
    </fieldset>
  );
}
