export { ActionsEditor, SPEC_VALIDATION_DELAY_MS, type ActionsEditorProps } from './components/actions-editor.js';
export { useAssistantActions } from './api/actions-api.js';
