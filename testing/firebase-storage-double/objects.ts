import { randomUUID } from 'node:crypto';

/** One stored object, as Firebase Storage keeps it. */
export interface StoredObject {
  bucket: string;
  name: string;
  contentType: string;
  data: Buffer;
  downloadToken: string;
  created: string;
  generation: number;
}

/** An unfinished resumable upload: its target and the bytes received so far. */
export interface UploadSession {
  bucket: string;
  name: string;
  contentType: string;
  size: number;
  chunks: Buffer[];
  received: number;
}

/** The buckets, objects and open upload sessions of the double, kept for assertions. */
export class ObjectStore {
  readonly objects = new Map<string, StoredObject>();
  readonly sessions = new Map<string, UploadSession>();
  private generation = 1;

  static key(bucket: string, name: string): string {
    return `${bucket}/${name}`;
  }

  get(bucket: string, name: string): StoredObject | undefined {
    return this.objects.get(ObjectStore.key(bucket, name));
  }

  put(bucket: string, name: string, contentType: string, data: Buffer): StoredObject {
    const stored: StoredObject = { bucket, name, contentType, data, downloadToken: randomUUID(), created: new Date().toISOString(), generation: this.generation++ };
    this.objects.set(ObjectStore.key(bucket, name), stored);
    return stored;
  }

  delete(bucket: string, name: string): boolean {
    return this.objects.delete(ObjectStore.key(bucket, name));
  }

  /** Object names of a bucket under `prefix`, sorted as GCS lists them. */
  names(bucket: string, prefix = ''): string[] {
    return [...this.objects.values()]
      .filter((object) => object.bucket === bucket && object.name.startsWith(prefix))
      .map((object) => object.name)
      .sort();
  }
}

/** The metadata resource the Storage REST API answers (the fields the SDK maps). */
export function objectResource(object: StoredObject): Record<string, unknown> {
  return {
    name: object.name,
    bucket: object.bucket,
    generation: String(object.generation),
    metageneration: '1',
    contentType: object.contentType,
    timeCreated: object.created,
    updated: object.created,
    storageClass: 'STANDARD',
    size: String(object.data.length),
    md5Hash: '',
    contentEncoding: 'identity',
    contentDisposition: `inline; filename*=utf-8''${encodeURIComponent(object.name.split('/').pop() ?? '')}`,
    crc32c: '',
    etag: String(object.generation),
    downloadTokens: object.downloadToken,
  };
}
