export { PresetsMenu, type PresetsMenuProps } from './components/presets-menu.js';
export type { PresetSettingsForm, PresetSettingsFormProps } from './components/edit-preset-dialog.js';
export { getPresetsQueryOptions, usePresetsQuery } from './api/get-presets.js';
export { useApplyPreset, PRESET_SELECTED_TOAST_DURATION } from './hooks/use-apply-preset.js';
export { useDefaultPreset } from './hooks/use-default-preset.js';
