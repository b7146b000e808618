export { ToolPicker, type ToolPickerProps } from './components/tool-picker.js';
export { ToolSelectionSync } from './components/tool-selection-sync.js';
export { PluginStoreDialog, type PluginStoreDialogProps } from './components/plugin-store-dialog.js';
