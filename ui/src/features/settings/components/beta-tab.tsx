import { useLocalize } from '../../../lib/i18n/index.js';
import { ViewSettingToggle } from './general-tab.js';

export function BetaTab() {
  const localize = useLocalize();
  return (
    <div>
      <p className="pb-1 text-sm text-neutral-500 dark:text-neutral-400">{localize('com_nav_beta_note')}</p>
      <ViewSettingToggle name="modularChat" labelKey="com_nav_modular_chat" />
    </div>
  );
}
