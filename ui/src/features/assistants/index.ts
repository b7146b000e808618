export { AssistantBuilder } from './components/assistant-builder.js';
export { AssistantSelect } from './components/assistant-select.js';
