import { useRef, useState, type ComponentType } from 'react';
import { classNames } from '../../../components/class-names.js';
import { Dialog } from '../../../components/dialog.js';
import { useTabList } from '../../../components/use-tab-list.js';
import { useLocalize, type TranslationKey } from '../../../lib/i18n/index.js';
import { MOBILE_QUERY, useMediaQuery } from '../../../lib/use-media-query.js';
import { AccountTab } from './account-tab.js';
import { BetaTab } from './beta-tab.js';
import { DataTab } from './data-tab.js';
import { GeneralTab } from './general-tab.js';

const tabIds = ['general', 'beta', 'data', 'account'] as const;
type TabId = (typeof tabIds)[number];

const tabs: Record<TabId, { labelKey: TranslationKey; content: ComponentType }> = {
  general: { labelKey: 'com_nav_setting_general', content: GeneralTab },
  beta: { labelKey: 'com_nav_setting_beta', content: BetaTab },
  data: { labelKey: 'com_nav_setting_data', content: DataTab },
  account: { labelKey: 'com_nav_setting_account', content: AccountTab },
};

export interface SettingsDialogProps {
  open: boolean;
  onClose: () => void;
}

/** Spec 001 §2: General, Beta, Data and Account; tabs beside the content, above it on phones. */
export function SettingsDialog({ open, onClose }: SettingsDialogProps) {
  const localize = useLocalize();
  const isMobile = useMediaQuery(MOBILE_QUERY);
  const [selected, setSelected] = useState<TabId>('general');
  const firstTabRef = useRef<HTMLElement>(null);
  const tabList = useTabList({
    ids: tabIds,
    selected,
    onSelect: setSelected,
    orientation: isMobile ? 'horizontal' : 'vertical',
  });

  return (
    <Dialog open={open} onClose={onClose} title={localize('com_nav_settings')} size="lg" initialFocusRef={firstTabRef}>
      <div className="flex min-h-[22rem] flex-col gap-4 pb-3 sm:flex-row">
        <div
          {...tabList.listProps}
          aria-label={localize('com_nav_settings')}
          className="grid shrink-0 grid-cols-2 gap-1 sm:flex sm:w-40 sm:flex-col"
        >
          {tabIds.map((id) => {
            const { ref, ...tabProps } = tabList.getTabProps(id);
            return (
              <button
                key={id}
                {...tabProps}
                ref={(element) => {
                  ref(element);
                  if (selected === id) firstTabRef.current = element;
                }}
                className={classNames(
                  'rounded-lg px-3 py-2 text-start text-sm transition-colors',
                  selected === id
                    ? 'bg-neutral-200/80 font-medium text-neutral-900 dark:bg-neutral-700 dark:text-white'
                    : 'text-neutral-600 hover:bg-neutral-100 dark:text-neutral-300 dark:hover:bg-neutral-700/50',
                )}
              >
                {localize(tabs[id].labelKey)}
              </button>
            );
          })}
        </div>
        {tabIds.map((id) => {
          const Content = tabs[id].content;
          return (
            <div key={id} {...tabList.getPanelProps(id)} hidden={selected !== id} className="min-w-0 flex-1 rounded-sm">
              {selected === id && <Content />}
            </div>
          );
        })}
      </div>
    </Dialog>
  );
}
