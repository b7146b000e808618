export { createSqliteStore, type SqliteStore, type SqliteStoreOptions } from './sqlite-store.js';
