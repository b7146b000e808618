import { Transform, type TransformCallback } from 'node:stream';
import { UploadRejectedError, formatMegabytes } from './upload-errors.js';

/** The byte limits one uploaded file is held to while it streams. */
export interface UploadByteLimits {
  /** Bytes this file may have: the endpoint's fileSizeLimit, already capped by serverFileSizeLimit. */
  fileSizeLimit: number;
  /** Bytes all files of the request may have together … */
  totalSizeLimit: number;
  /** … of which the request's earlier files already took this many. */
  bytesEarlierInRequest: number;
  /** The user's quota in bytes (fileConfig.userStorageLimit); null: none. */
  userStorageLimit: number | null;
  /** Bytes the user's stored files take now. */
  userStorageUsed: number;
}

/**
 * Counts the bytes of an upload as they pass and fails the stream, before passing on the chunk
 * that crosses a limit, with an UploadRejectedError (413) naming that limit. Used in a pipeline
 * (part → limiter → storage) the error stops reading at once and reaches the route, which deletes
 * the partial file. It holds no more than the chunk in hand.
 */
export class UploadLimitStream extends Transform {
  /** Bytes seen so far, the crossing chunk included: the size to record once the stream ends. */
  bytesSeen = 0;
  private readonly limits: UploadByteLimits;

  constructor(limits: UploadByteLimits) {
    super();
    this.limits = limits;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytesSeen += chunk.length;
    callback(this.exceeded(), chunk);
  }

  override _flush(callback: TransformCallback): void {
    // An empty file still needs a check: a quota that is already used up refuses it too.
    callback(this.exceeded());
  }

  private exceeded(): UploadRejectedError | null {
    const { fileSizeLimit, totalSizeLimit, bytesEarlierInRequest, userStorageLimit, userStorageUsed } = this.limits;
    if (this.bytesSeen > fileSizeLimit) return new UploadRejectedError('file_too_large', { limit: formatMegabytes(fileSizeLimit) });
    if (bytesEarlierInRequest + this.bytesSeen > totalSizeLimit) {
      return new UploadRejectedError('upload_total_too_large', { limit: formatMegabytes(totalSizeLimit) });
    }
    if (userStorageLimit !== null && userStorageUsed + this.bytesSeen > userStorageLimit) {
      return new UploadRejectedError('storage_quota_exceeded', { limit: formatMegabytes(userStorageLimit), used: formatMegabytes(userStorageUsed) });
    }
    return null;
  }
}
