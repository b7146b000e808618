import { IconButton } from '../../../components/icon-button.js';
import { ChevronEndIcon, HidePanelIcon } from '../../../components/icons/index.js';
import { useTabList } from '../../../components/use-tab-list.js';
import { classNames } from '../../../components/class-names.js';
import type { ReactNode } from 'react';
import { useLocalize } from '../../../lib/i18n/index.js';
import { panelIds, type PanelId } from '../hooks/use-panel-layout.js';
import { panelTabs } from './panel-tabs.js';

interface OpenPanelProps {
  activePanel: PanelId;
  onSelect: (id: PanelId) => void;
  onHide: () => void;
  /** Absent in the small-screen overlay, which only closes. */
  onCollapse?: () => void;
  /** What other features put into the tabs (composed in ui/src/app); a tab without it says it comes later. */
  content?: Partial<Record<PanelId, ReactNode>>;
}

/** The open panel: a tab bar (attach files, assistant builder), collapse and hide, and the active tab. */
export function OpenPanel({ activePanel, onSelect, onHide, onCollapse, content = {} }: OpenPanelProps) {
  const localize = useLocalize();
  const tabs = useTabList({ ids: panelIds, selected: activePanel, onSelect });

  return (
    <div className="flex h-full min-w-0 flex-col">
      <div className="border-b border-neutral-200 px-2 pt-2 pb-2 dark:border-neutral-800">
        <div className="flex items-center justify-between gap-1">
          {onCollapse ? (
            <IconButton label={localize('com_sidepanel_collapse')} onClick={onCollapse}>
              <ChevronEndIcon size={20} />
            </IconButton>
          ) : (
            <span />
          )}
          <IconButton label={localize('com_sidepanel_hide_panel')} onClick={onHide}>
            <HidePanelIcon />
          </IconButton>
        </div>
        {/* Wraps rather than truncates: the panel may be as narrow as 20 % of the window. */}
        <div {...tabs.listProps} aria-label={localize('com_sidepanel_label')} className="mt-1 flex flex-wrap gap-1">
          {panelTabs.map(({ id, labelKey, icon: TabIcon }) => (
            <button
              key={id}
              {...tabs.getTabProps(id)}
              className={classNames(
                'flex items-center gap-2 rounded-lg px-2.5 py-1.5 text-start text-sm leading-tight transition-colors',
                activePanel === id
                  ? 'bg-neutral-200/80 font-medium text-neutral-900 dark:bg-neutral-700/70 dark:text-white'
                  : 'text-neutral-600 hover:bg-neutral-100 dark:text-neutral-300 dark:hover:bg-neutral-800',
              )}
            >
              <TabIcon />
              <span>{localize(labelKey)}</span>
            </button>
          ))}
        </div>
      </div>
      {panelTabs.map(({ id, labelKey, laterKey, icon: TabIcon }) => (
        <div
          key={id}
          {...tabs.getPanelProps(id)}
          hidden={activePanel !== id}
          className="min-h-0 flex-1 overflow-y-auto p-4 focus-visible:outline-offset-[-2px]"
        >
          {content[id] ?? (
            <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-neutral-300 px-4 py-8 text-center dark:border-neutral-700">
              <span className="text-neutral-400 dark:text-neutral-500">
                <TabIcon />
              </span>
              <p className="text-sm font-medium">{localize(labelKey)}</p>
              <span className="rounded-full bg-neutral-200 px-2 py-0.5 text-xs font-medium text-neutral-700 dark:bg-neutral-700 dark:text-neutral-200">
                {localize('com_ui_later_version_badge')}
              </span>
              {laterKey && <p className="text-sm text-neutral-500 dark:text-neutral-400">{localize(laterKey)}</p>}
            </div>
          )}
        </div>
      ))}
    </div>
  );
}
