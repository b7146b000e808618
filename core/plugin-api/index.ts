/**
 * The contracts between core and plugins, one per file. Types only: this folder depends on nothing,
 * and a plugin depends on nothing of core but this barrel.
 */
export type * from './plugin.js';
export type * from './settings-schema.js';
export type * from './provider-discovery.js';
export type * from './plugin-logger.js';
export type * from './chat-content.js';
export type * from './chat-part.js';
export type * from './chat-provider.js';
export type * from './tool.js';
export type * from './file-storage.js';
export type * from './action-executor.js';
