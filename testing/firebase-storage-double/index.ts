export { startFirebaseStorageDouble, type FirebaseStorageDouble } from './firebase-storage-double.js';
export type { StoredObject, UploadSession } from './objects.js';
export { ObjectStore } from './objects.js';
