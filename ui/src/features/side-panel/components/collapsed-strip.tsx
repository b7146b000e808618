import { IconButton } from '../../../components/icon-button.js';
import { ChevronStartIcon, HidePanelIcon } from '../../../components/icons/index.js';
import { useLocalize } from '../../../lib/i18n/index.js';
import type { PanelId } from '../hooks/use-panel-layout.js';
import { panelTabs } from './panel-tabs.js';

interface CollapsedStripProps {
  onSelect: (id: PanelId) => void;
  onExpand: () => void;
  onHide: () => void;
}

/** The collapsed panel (3 %): one icon per panel, which opens it there, and the hide button. */
export function CollapsedStrip({ onSelect, onExpand, onHide }: CollapsedStripProps) {
  const localize = useLocalize();
  return (
    <div className="flex flex-col items-center gap-1 py-2">
      <IconButton label={localize('com_sidepanel_expand')} onClick={onExpand}>
        <ChevronStartIcon size={20} />
      </IconButton>
      {panelTabs.map(({ id, labelKey, icon: TabIcon }) => (
        <IconButton key={id} label={localize(labelKey)} onClick={() => onSelect(id)}>
          <TabIcon />
        </IconButton>
      ))}
      <div className="my-1 h-px w-6 bg-neutral-200 dark:bg-neutral-700" aria-hidden="true" />
      <IconButton label={localize('com_sidepanel_hide_panel')} onClick={onHide}>
        <HidePanelIcon />
      </IconButton>
    </div>
  );
}
