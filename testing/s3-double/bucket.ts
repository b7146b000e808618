import { createHash, randomUUID } from 'node:crypto';
import { S3Error } from './s3-error.js';

/** A stored object. */
export interface S3Object {
  key: string;
  body: Buffer;
  contentType: string;
  etag: string;
  lastModified: Date;
}

/** A multipart upload between CreateMultipartUpload and Complete/Abort. */
export interface MultipartUpload {
  uploadId: string;
  key: string;
  contentType: string;
  initiated: Date;
  parts: Map<number, { body: Buffer; etag: string }>;
}

/** The smallest part S3 accepts, except the last one (EntityTooSmall otherwise). */
export const minimumPartBytes = 5 * 1024 * 1024;

const quotedMd5 = (body: Buffer) => `"${createHash('md5').update(body).digest('hex')}"`;

/**
 * One bucket's objects and unfinished multipart uploads, in memory. Keys are compared as given,
 * like S3's: `a/b` and `a//b` are two objects.
 */
export class Bucket {
  readonly objects = new Map<string, S3Object>();
  readonly uploads = new Map<string, MultipartUpload>();

  constructor(readonly name: string) {}

  put(key: string, body: Buffer, contentType: string): S3Object {
    const object = { key, body, contentType, etag: quotedMd5(body), lastModified: new Date() };
    this.objects.set(key, object);
    return object;
  }

  get(key: string): S3Object {
    const object = this.objects.get(key);
    if (!object) throw new S3Error(404, 'NoSuchKey', 'The specified key does not exist.', `/${this.name}/${key}`);
    return object;
  }

  /** Deleting a missing key is a success in S3 (204), so it is here. */
  delete(key: string): void {
    this.objects.delete(key);
  }

  /** Keys under a prefix, in UTF-8 binary order as ListObjectsV2 answers them. */
  list(prefix: string): S3Object[] {
    return [...this.objects.values()].filter((object) => object.key.startsWith(prefix)).sort((left, right) => Buffer.compare(Buffer.from(left.key), Buffer.from(right.key)));
  }

  createUpload(key: string, contentType: string): MultipartUpload {
    const upload = { uploadId: randomUUID().replace(/-/g, ''), key, contentType, initiated: new Date(), parts: new Map() };
    this.uploads.set(upload.uploadId, upload);
    return upload;
  }

  upload(key: string, uploadId: string): MultipartUpload {
    const upload = this.uploads.get(uploadId);
    if (!upload || upload.key !== key) {
      throw new S3Error(404, 'NoSuchUpload', 'The specified upload does not exist. The upload ID may be invalid, or the upload may have been aborted or completed.', `/${this.name}/${key}`);
    }
    return upload;
  }

  putPart(key: string, uploadId: string, partNumber: number, body: Buffer): string {
    if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > 10000) {
      throw new S3Error(400, 'InvalidArgument', 'Part number must be an integer between 1 and 10000, inclusive');
    }
    const etag = quotedMd5(body);
    this.upload(key, uploadId).parts.set(partNumber, { body, etag });
    return etag;
  }

  /**
   * Joins the listed parts into the object, checked as S3 checks them: ascending part numbers, each
   * uploaded with that ETag, every part but the last at least 5 MiB.
   */
  complete(key: string, uploadId: string, listed: Array<{ partNumber: number; etag: string }>): S3Object {
    const upload = this.upload(key, uploadId);
    if (listed.length === 0) throw new S3Error(400, 'MalformedXML', 'The XML you provided was not well-formed or did not validate against our published schema');
    const bodies: Buffer[] = [];
    listed.forEach(({ partNumber, etag }, index) => {
      if (index > 0 && partNumber <= listed[index - 1].partNumber) throw new S3Error(400, 'InvalidPartOrder', 'The list of parts was not in ascending order. Parts must be ordered by part number.');
      const part = upload.parts.get(partNumber);
      if (!part || part.etag !== normaliseEtag(etag)) throw new S3Error(400, 'InvalidPart', 'One or more of the specified parts could not be found. The part may not have been uploaded, or the specified entity tag may not match the part\'s entity tag.');
      if (index < listed.length - 1 && part.body.length < minimumPartBytes) throw new S3Error(400, 'EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed object size.');
      bodies.push(part.body);
    });
    this.uploads.delete(uploadId);
    const object = this.put(key, Buffer.concat(bodies), upload.contentType);
    // A multipart object's ETag is the MD5 of the part MD5s, a dash and the part count.
    const partHashes = Buffer.concat(listed.map(({ etag }) => Buffer.from(normaliseEtag(etag).slice(1, -1), 'hex')));
    object.etag = `"${createHash('md5').update(partHashes).digest('hex')}-${listed.length}"`;
    return object;
  }

  abort(key: string, uploadId: string): void {
    this.upload(key, uploadId);
    this.uploads.delete(uploadId);
  }
}

/** ETags arrive quoted or not (and XML-escaped quotes are already decoded): compare them quoted. */
function normaliseEtag(etag: string): string {
  const bare = etag.trim().replace(/^"|"$/g, '');
  return `"${bare}"`;
}
