import { randomUUID } from 'node:crypto';
import { deleteApp, initializeApp, type FirebaseApp } from '@firebase/app';
import { connectStorageEmulator, deleteObject, getDownloadURL, getMetadata, getStorage, getStream, ref, uploadBytesResumable, type FirebaseStorage, type StorageReference } from '@firebase/storage';
import type { FileStorage, FileToSave, StoredFile } from '../../../core/plugin-api/index.js';
import { isPlainSegment } from '../shared/path-segment.js';
import { sliceStream, webStreamChunks } from '../shared/byte-range.js';
import { spoolToDisk } from '../shared/spool-to-disk.js';
import type { FirebaseFileStorageSettings } from './settings.js';

/** A Firebase storage, with the app behind it so tests can release it. */
export interface FirebaseFileStorage extends FileStorage {
  /** Deletes the Firebase app instance (its timers and connections). */
  close(): Promise<void>;
}

/**
 * LibreChat's layout: images under `images/<userId>/`, other files under `uploads/<userId>/`. The path
 * a save answers is the object's download URL, as LibreChat stores in `filepath`, so records saved by
 * LibreChat read and delete the same way (the object name is parsed from its `/o/<name>`).
 */
const folderFor = (mediaType: string) => (mediaType.startsWith('image/') ? 'images' : 'uploads');

/**
 * Files in Firebase Storage through the official web SDK (@firebase/app + @firebase/storage, the modules
 * the `firebase` package re-exports as firebase/app and firebase/storage), with no
 * signed-in user, as LibreChat uses it: the bucket's security rules must allow the server's requests.
 * The SDK uploads a Blob, not a stream, so the body is first written to a temporary file and uploaded
 * from it with the resumable protocol (256 KB to 32 MB per request): memory stays bounded whatever the
 * file size, and the object exists only once the last chunk is finalized. Downloads stream (getStream).
 */
export function createFirebaseFileStorage(settings: FirebaseFileStorageSettings): FirebaseFileStorage {
  // A named app per storage: tests and a strategy switch may set up more than one in a process.
  const app: FirebaseApp = initializeApp(
    {
      apiKey: settings.FIREBASE_API_KEY,
      authDomain: settings.FIREBASE_AUTH_DOMAIN,
      projectId: settings.FIREBASE_PROJECT_ID,
      storageBucket: settings.FIREBASE_STORAGE_BUCKET,
      messagingSenderId: settings.FIREBASE_MESSAGING_SENDER_ID,
      appId: settings.FIREBASE_APP_ID,
    },
    `chatbox-files-${randomUUID()}`,
  );
  const storage: FirebaseStorage = getStorage(app);
  // The SDK retries a failing request with backoff for 2 minutes (10 for uploads), made for flaky browser
  // networks; on a server an unreachable bucket should fail a download or an upload request sooner.
  storage.maxOperationRetryTime = 15_000;
  storage.maxUploadRetryTime = 60_000;
  if (settings.FIREBASE_STORAGE_EMULATOR_HOST) {
    const separator = settings.FIREBASE_STORAGE_EMULATOR_HOST.lastIndexOf(':');
    connectStorageEmulator(storage, settings.FIREBASE_STORAGE_EMULATOR_HOST.slice(0, separator), Number(settings.FIREBASE_STORAGE_EMULATOR_HOST.slice(separator + 1)));
  }
  // Download URLs name the bare bucket; the variable may be written as `gs://<bucket>`.
  const bucket = settings.FIREBASE_STORAGE_BUCKET.replace(/^gs:\/\//, '');

  /** The object a stored path (a download URL) names, or an error when it is not one of this bucket's user files. */
  function objectOf(path: string): StorageReference {
    let bucketName: string;
    let segments: string[];
    try {
      const match = /^\/v0\/b\/([^/]+)\/o\/([^/]+)$/.exec(new URL(path).pathname);
      if (!match) throw new Error('not an object URL');
      bucketName = decodeURIComponent(match[1]);
      segments = decodeURIComponent(match[2]).split('/');
    } catch {
      // Not a URL, not an object's, or broken %-escapes.
      throw new Error('Invalid file path');
    }
    if (bucketName !== bucket) throw new Error('Invalid file path');
    if (segments.length !== 3 || !['images', 'uploads'].includes(segments[0]) || !segments.slice(1).every(isPlainSegment)) {
      throw new Error('Invalid file path');
    }
    return ref(storage, segments.join('/'));
  }

  return {
    strategy: 'firebase',

    async save(file: FileToSave, options = {}): Promise<StoredFile> {
      if (!isPlainSegment(file.userId) || !isPlainSegment(file.fileName)) throw new Error('Invalid file path');
      const target = ref(storage, `${folderFor(file.mediaType)}/${file.userId}/${file.fileName}`);
      const spooled = await spoolToDisk(file.body, file.fileName, file.mediaType, options.signal);
      try {
        options.signal?.throwIfAborted();
        const task = uploadBytesResumable(target, spooled.file, { contentType: file.mediaType });
        const cancel = () => task.cancel();
        options.signal?.addEventListener('abort', cancel, { once: true });
        try {
          await task;
        } finally {
          options.signal?.removeEventListener('abort', cancel);
        }
        return { path: await getDownloadURL(target), bytes: spooled.bytes };
      } finally {
        await spooled.remove();
      }
    },

    async readStream(path, options = {}) {
      const object = objectOf(path);
      // Asked first so a missing object rejects here: getStream reports it only on the first read.
      await getMetadata(object);
      const range = options.range;
      // The SDK's Range asks from byte 0: read up to `end`, drop what precedes `start`.
      const stream = webStreamChunks(getStream(object, range?.end === undefined ? undefined : range.end + 1), options.signal);
      return range ? sliceStream(stream, range) : stream;
    },

    async delete(path) {
      try {
        await deleteObject(objectOf(path));
      } catch (error) {
        if (isNotFound(error)) return;
        throw error;
      }
    },

    async url(path) {
      return getDownloadURL(objectOf(path));
    },

    async close() {
      await deleteApp(app);
    },
  };
}

function isNotFound(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 'storage/object-not-found';
}
