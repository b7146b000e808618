import type { ComponentType } from 'react';
import { AssistantIcon, AttachmentsIcon } from '../../../components/icons/index.js';
import type { TranslationKey } from '../../../lib/i18n/index.js';
import type { PanelId } from '../hooks/use-panel-layout.js';

export interface PanelTab {
  id: PanelId;
  labelKey: TranslationKey;
  /** What the panel will hold while another feature has not filled it (the assistants builder: a later issue). */
  laterKey?: TranslationKey;
  icon: ComponentType;
}

export const panelTabs: PanelTab[] = [
  // The files tab is filled by the files feature (ui/src/app/shell-route.tsx).
  { id: 'files', labelKey: 'com_sidepanel_attach_files', icon: AttachmentsIcon },
  {
    id: 'assistants',
    labelKey: 'com_sidepanel_assistant_builder',
    laterKey: 'com_sidepanel_assistants_later',
    icon: AssistantIcon,
  },
];
