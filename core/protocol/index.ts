import './zod-without-eval.js';

export * from './auth.js';
export * from './auth-messages.js';
export * from './startup-config.js';
export * from './conversation.js';
export * from './conversation-import.js';
export * from './preset.js';
export * from './keys.js';
export * from './ask.js';
export * from './search.js';
export * from './stream-frames.js';
export * from './endpoint-catalogue.js';
export * from './files.js';
export * from './plugins.js';
export * from './export/index.js';
export * from './tool-capable-models.js';
export * from './assistants.js';
export * from './share.js';
