import { Readable } from 'node:stream';
import { AbortMultipartUploadCommand, DeleteObjectCommand, GetObjectCommand, ListMultipartUploadsCommand, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { ByteRange, FileStorage, FileToSave, StorageLeftovers, StoredFile } from '../../../core/plugin-api/index.js';
import { isPlainSegment } from '../shared/path-segment.js';
import type { S3FileStorageSettings } from './settings.js';

/** How the upload is cut: S3's smallest part, two in flight, so a large upload holds about 10 MiB. */
export interface S3UploadTuning {
  partSizeBytes: number;
  queueSize: number;
}

const defaultTuning: S3UploadTuning = { partSizeBytes: 5 * 1024 * 1024, queueSize: 2 };

/** The key prefixes chatbox writes under; another application's objects in the bucket are outside them. */
const keyPrefixes = ['images/', 'uploads/'];

/** `/images/<userId>/<fileName>` or `/uploads/<userId>/<fileName>`: the object key with a leading slash. */
const pathPattern = /^\/(images|uploads)\/([^/]+)\/([^/]+)$/;

/**
 * Files as objects of one bucket, keyed as LibreChat keys them: `images/<userId>/<fileName>` for
 * images, `uploads/<userId>/<fileName>` for everything else. A stored path is the key with a leading
 * slash, which is also the link chatbox serves the file under to its owner (streamed through the
 * server, never a presigned URL: the owner check stays in core and links do not expire).
 *
 * Saves stream through `@aws-sdk/lib-storage`: a file smaller than one part is one PutObject, a
 * larger one a multipart upload that is aborted when the body fails or the save is aborted, so a
 * failed save leaves no object and no parts.
 */
export function createS3FileStorage(settings: S3FileStorageSettings, tuning: S3UploadTuning = defaultTuning): FileStorage {
  const client = new S3Client({
    region: settings.region,
    credentials: settings.credentials,
    endpoint: settings.endpoint,
    // S3-compatible stores (MinIO, R2 …) are reached at one host: the bucket goes in the path.
    forcePathStyle: settings.endpoint !== undefined,
  });
  const bucket = settings.bucket;

  return {
    strategy: 's3',

    async save(file: FileToSave, options = {}): Promise<StoredFile> {
      if (!isPlainSegment(file.userId) || !isPlainSegment(file.fileName)) throw new Error('Invalid file path');
      const key = `${file.mediaType.startsWith('image/') ? 'images' : 'uploads'}/${file.userId}/${file.fileName}`;
      const signal = options.signal;
      let bytes = 0;
      async function* counted(): AsyncGenerator<Uint8Array> {
        for await (const chunk of file.body) {
          // Checked as each chunk is taken: the uploader then fails like on a broken body and aborts the multipart upload.
          signal?.throwIfAborted();
          bytes += chunk.length;
          yield chunk;
        }
        signal?.throwIfAborted();
      }
      const upload = new Upload({
        client,
        params: { Bucket: bucket, Key: key, Body: Readable.from(counted(), { objectMode: false }), ContentType: file.mediaType },
        partSize: tuning.partSizeBytes,
        queueSize: tuning.queueSize,
        leavePartsOnError: false,
      });
      await upload.done();
      if (signal?.aborted) {
        // Aborted after the last byte was taken, while the object was being written: take it back.
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
        signal.throwIfAborted();
      }
      return { path: `/${key}`, bytes };
    },

    async readStream(path, options = {}) {
      const response = await client.send(new GetObjectCommand({ Bucket: bucket, Key: keyOf(path), Range: rangeHeader(options.range) }), { abortSignal: options.signal });
      if (response.Body instanceof Readable) return response.Body;
      throw new Error('The S3 client answered a body that is not a Node stream');
    },

    async delete(path) {
      // S3 answers a missing key with success, so deleting twice is fine.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: keyOf(path) }));
    },

    async url(path) {
      keyOf(path);
      return path;
    },

    async removeLeftovers({ before, dryRun = false }): Promise<StorageLeftovers> {
      // A save aborts its multipart upload on failure; only a hard kill mid-save leaves one open,
      // and S3 keeps (and bills) its parts until it is aborted.
      let count = 0;
      for (const prefix of keyPrefixes) {
        let markers: { KeyMarker?: string; UploadIdMarker?: string } = {};
        for (;;) {
          const page = await client.send(new ListMultipartUploadsCommand({ Bucket: bucket, Prefix: prefix, ...markers }));
          for (const upload of page.Uploads ?? []) {
            if (!upload.Key || !upload.UploadId || !upload.Initiated || upload.Initiated >= before) continue;
            count += 1;
            if (!dryRun) await client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: upload.Key, UploadId: upload.UploadId }));
          }
          if (!page.IsTruncated) break;
          markers = { KeyMarker: page.NextKeyMarker, UploadIdMarker: page.NextUploadIdMarker };
        }
      }
      return { count, bytes: null };
    },
  };
}

/** The object key of a path this storage handed out, or an error for anything else. */
function keyOf(path: string): string {
  const match = pathPattern.exec(path);
  if (!match || !isPlainSegment(match[2]) || !isPlainSegment(match[3])) throw new Error('Invalid file path');
  return path.slice(1);
}

/** GetObject's `Range`, as HTTP writes it: both ends inclusive, an open end for the rest of the object. */
function rangeHeader(range: ByteRange | undefined): string | undefined {
  if (!range) return undefined;
  return `bytes=${range.start}-${range.end ?? ''}`;
}
