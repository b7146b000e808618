import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyOf, describeFileStorageConformance, textOf } from '../../../testing/file-storage-conformance.js';
import { startFirebaseStorageDouble, type FirebaseStorageDouble } from '../../../testing/firebase-storage-double/index.js';
import { createFirebaseFileStorage, type FirebaseFileStorage } from './firebase-file-storage.js';
import { firebaseFileStoragePlugin } from './plugin.js';
import { firebaseFileStorageSettingsSchema } from './settings.js';

const bucket = 'chatbox-test.appspot.com';

const environment = (emulatorHost: string) => ({
  FIREBASE_API_KEY: 'fake-api-key',
  FIREBASE_AUTH_DOMAIN: 'chatbox-test.firebaseapp.com',
  FIREBASE_PROJECT_ID: 'chatbox-test',
  FIREBASE_STORAGE_BUCKET: bucket,
  FIREBASE_MESSAGING_SENDER_ID: '1234567890',
  FIREBASE_APP_ID: '1:1234567890:web:abcdef',
  FIREBASE_STORAGE_EMULATOR_HOST: emulatorHost,
});

let double: FirebaseStorageDouble;
beforeAll(async () => {
  double = await startFirebaseStorageDouble();
});
afterAll(async () => {
  await double.close();
});

const makeStorage = () => createFirebaseFileStorage(firebaseFileStorageSettingsSchema.parse(environment(double.host)));

/** The file names the double holds under `<folder>/<userId>/`; an unfinished resumable upload is no object. */
const storedNames = async (userId: string) =>
  [...double.store.objects.values()]
    .filter((object) => object.bucket === bucket && object.name.split('/')[1] === userId)
    .map((object) => object.name.split('/')[2])
    .sort();

describeFileStorageConformance('firebase', async () => {
  double.store.objects.clear();
  const storage = makeStorage();
  return { storage, storedNames, cleanup: () => storage.close() };
});

describe('firebase file storage', () => {
  let storage: FirebaseFileStorage;
  beforeAll(() => {
    storage = makeStorage();
  });
  afterAll(async () => {
    await storage.close();
  });

  it("keeps LibreChat's layout: images under images/<userId>/, other files under uploads/<userId>/, the path a download URL", async () => {
    const image = await storage.save({ userId: 'u1', fileName: 'photo.png', mediaType: 'image/png', body: bodyOf('png') });
    const document = await storage.save({ userId: 'u1', fileName: 'notes.txt', mediaType: 'text/plain', body: bodyOf('notes') });
    expect(image.path).toMatch(new RegExp(`^http://${double.host}/v0/b/${bucket}/o/images%2Fu1%2Fphoto\\.png\\?alt=media&token=`));
    expect(document.path).toContain('/o/uploads%2Fu1%2Fnotes.txt?alt=media&token=');
    expect(double.store.get(bucket, 'images/u1/photo.png')?.contentType).toBe('image/png');
    expect(await storage.url(image.path)).toBe(image.path);
  });

  it('uploads a large file with the resumable protocol and a small one in one request', async () => {
    double.requests.length = 0;
    await storage.save({ userId: 'u1', fileName: 'small.txt', mediaType: 'text/plain', body: bodyOf('tiny') });
    expect(double.requests.filter((request) => request.startsWith('POST'))).toHaveLength(1);
    double.requests.length = 0;
    const big = Buffer.alloc(600 * 1024, 7);
    await storage.save({ userId: 'u1', fileName: 'big.bin', mediaType: 'application/octet-stream', body: bodyOf(big.toString('latin1')) });
    expect(double.requests.filter((request) => request.includes('upload_id=')).length).toBeGreaterThanOrEqual(2);
    expect(double.store.get(bucket, 'uploads/u1/big.bin')?.data.length).toBe(600 * 1024);
  });

  it('cancels the resumable upload when the save is aborted mid-upload, leaving no object', async () => {
    const controller = new AbortController();
    double.onRequest = (request) => {
      if (request.includes('upload_id=')) controller.abort();
    };
    try {
      const body = bodyOf(Buffer.alloc(1024 * 1024, 1).toString('latin1'));
      await expect(storage.save({ userId: 'u9', fileName: 'cut.bin', mediaType: 'application/octet-stream', body }, { signal: controller.signal })).rejects.toThrow();
    } finally {
      double.onRequest = undefined;
    }
    expect(double.requests.some((request) => request.includes('upload_id='))).toBe(true);
    expect(await storedNames('u9')).toEqual([]);
  });

  it('reads a byte range, end inclusive, and to the end without one', async () => {
    const saved = await storage.save({ userId: 'u1', fileName: 'digits.txt', mediaType: 'text/plain', body: bodyOf('01234', '56789') });
    expect(await textOf(await storage.readStream(saved.path, { range: { start: 3, end: 6 } }))).toBe('3456');
    expect(await textOf(await storage.readStream(saved.path, { range: { start: 7 } }))).toBe('789');
    expect(await textOf(await storage.readStream(saved.path, { range: { start: 0, end: 0 } }))).toBe('0');
  });

  it.each([
    'not a url',
    `http://${'127.0.0.1:1'}/v0/b/other-bucket/o/uploads%2Fu1%2Fa.txt?alt=media`,
    'http://x/v0/b/chatbox-test.appspot.com/o/uploads%2Fu1%2F..%2Fa.txt',
    'http://x/v0/b/chatbox-test.appspot.com/o/secrets%2Fu1%2Fa.txt',
    'http://x/v0/b/chatbox-test.appspot.com/o/uploads%2Fa.txt',
    'http://x/v0/b/chatbox-test.appspot.com/o/uploads%2Fu1%2F%E0%A4%A.txt',
  ])('refuses to read or delete the path %j', async (path) => {
    await expect(storage.readStream(path)).rejects.toThrow('Invalid file path');
    await expect(storage.delete(path)).rejects.toThrow('Invalid file path');
  });

  it('refuses a user id or file name that would leave its folder', async () => {
    await expect(storage.save({ userId: 'u1/../u2', fileName: 'a.txt', mediaType: 'text/plain', body: bodyOf('x') })).rejects.toThrow('Invalid file path');
    await expect(storage.save({ userId: 'u1', fileName: '../a.txt', mediaType: 'text/plain', body: bodyOf('x') })).rejects.toThrow('Invalid file path');
  });
});

describe('firebase settings', () => {
  it.each(['FIREBASE_API_KEY', 'FIREBASE_AUTH_DOMAIN', 'FIREBASE_PROJECT_ID', 'FIREBASE_STORAGE_BUCKET', 'FIREBASE_MESSAGING_SENDER_ID', 'FIREBASE_APP_ID'])(
    'names %s when it is missing',
    (name) => {
      const settings: Record<string, string | undefined> = { ...environment('127.0.0.1:9199'), [name]: undefined };
      const parsed = firebaseFileStoragePlugin.configSchema.safeParse(settings);
      if (parsed.success) throw new Error('expected the settings to be refused');
      expect(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([[name, `${name} is required for fileStrategy: firebase`]]);
    },
  );

  it('takes no emulator host by default and refuses a malformed one', () => {
    const { FIREBASE_STORAGE_EMULATOR_HOST: _unused, ...production } = environment('x');
    expect(firebaseFileStorageSettingsSchema.parse(production).FIREBASE_STORAGE_EMULATOR_HOST).toBeUndefined();
    expect(firebaseFileStorageSettingsSchema.safeParse(environment('http://localhost:9199')).success).toBe(false);
  });
});
