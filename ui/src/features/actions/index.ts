export { ActionsEditor, SPEC_VALIDATION_DELAY_MS, type ActionsEditorProps } from './components/actions-editor.js';
export { AssistantActions, type AssistantActionsProps } from './components/assistant-actions.js';
export { useAssistantActions } from './api/actions-api.js';
