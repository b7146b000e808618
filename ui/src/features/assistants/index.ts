export { AssistantBuilder } from './components/assistant-builder.js';
