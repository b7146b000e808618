export * from './auth.js';
export * from './auth-messages.js';
export * from './startup-config.js';
