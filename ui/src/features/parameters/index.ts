export { ParametersPopover, type ParametersPopoverProps } from './components/parameters-popover.js';
export { EndpointSettingsForm, type EndpointSettingsFormProps } from './components/endpoint-settings-form.js';
export { ModelSelect, type ModelSelectProps } from './components/model-select.js';
export { useCreatePreset } from './api/create-preset.js';
