import { htmlLang, languageCodes, languageNames, useLanguage, useLocalize, type LanguageSetting, type TranslationKey } from '../../../lib/i18n/index.js';
import { useViewSetting, type ViewSettingName } from '../../../lib/settings/index.js';
import { useInterfaceSettings } from '../../../lib/startup-config/use-interface-settings.js';
import { useTheme, type ThemeSetting } from '../../../lib/theme/index.js';
import { SelectRow, ToggleRow } from './setting-rows.js';

const themeOptions: Array<{ value: ThemeSetting; labelKey: TranslationKey }> = [
  { value: 'system', labelKey: 'com_nav_theme_system' },
  { value: 'dark', labelKey: 'com_nav_theme_dark' },
  { value: 'light', labelKey: 'com_nav_theme_light' },
];

const generalToggles: Array<{ name: ViewSettingName; labelKey: TranslationKey }> = [
  { name: 'autoScroll', labelKey: 'com_nav_auto_scroll' },
  { name: 'hideSidePanel', labelKey: 'com_nav_hide_panel' },
  { name: 'enterToSend', labelKey: 'com_nav_enter_to_send' },
  { name: 'showCode', labelKey: 'com_nav_show_code' },
  { name: 'LaTeXParsing', labelKey: 'com_nav_latex_parsing' },
  { name: 'UsernameDisplay', labelKey: 'com_nav_user_name_display' },
];

export function ViewSettingToggle({ name, labelKey }: { name: ViewSettingName; labelKey: TranslationKey }) {
  const localize = useLocalize();
  const [value, setValue] = useViewSetting(name);
  return <ToggleRow label={localize(labelKey)} checked={value} onChange={setValue} />;
}

/** Theme, language and the view toggles of spec 001 §2. */
export function GeneralTab() {
  const localize = useLocalize();
  const { theme, setTheme } = useTheme();
  const { setting, setLanguage } = useLanguage();
  // Without a side panel (librechat.yaml `interface.sidePanel: false`) its toggle would do nothing.
  const { sidePanel } = useInterfaceSettings();
  const toggles = sidePanel ? generalToggles : generalToggles.filter((toggle) => toggle.name !== 'hideSidePanel');

  return (
    <div>
      <SelectRow
        label={localize('com_nav_theme')}
        value={theme}
        options={themeOptions.map(({ value, labelKey }) => ({ value, label: localize(labelKey) }))}
        onChange={(value) => setTheme(value as ThemeSetting)}
      />
      <SelectRow
        label={localize('com_nav_language')}
        value={setting}
        options={[
          { value: 'auto', label: localize('com_nav_lang_auto') },
          ...languageCodes.map((code) => ({ value: code, label: languageNames[code], lang: htmlLang(code) })),
        ]}
        onChange={(value) => setLanguage(value as LanguageSetting)}
      />
      {toggles.map((toggle) => (
        <ViewSettingToggle key={toggle.name} {...toggle} />
      ))}
    </div>
  );
}
