export { createMongoStore, databaseNameFromUri, type MongoStore, type MongoStoreOptions } from './mongo-store.js';
