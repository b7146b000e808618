export { getAssistantsQueryOptions, useAssistants } from './assistants-query.js';
export { assistantStorageKey, readStoredAssistantId, storeAssistantId } from './assistant-selection.js';
export { getActionsQueryOptions, useAssistantActions } from './actions-query.js';
