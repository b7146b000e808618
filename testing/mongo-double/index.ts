export { startMongoDouble, type MongoDouble } from './mongo-double.js';
