export type * from './types.js';
export { createStore, type CreateStoreOptions } from './create-store.js';
