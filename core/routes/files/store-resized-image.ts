import { Readable } from 'node:stream';
import { UploadRejectedError, readWhole, resizeImage, uploadImageSides, type ImageOutputType } from '../../files/index.js';
import { PackageLoadError } from '../../errors/index.js';
import type { FileStorage } from '../../plugin-api/index.js';
import type { SavedPart } from './receive-upload.js';

/** The name a resized image is stored under: `<fileId>.<outputType>`. */
export function resizedImageName(fileId: string, outputType: ImageOutputType): string {
  return `${fileId}.${outputType}`;
}

/**
 * Reads a just-uploaded image back from storage, resizes and converts it as LibreChat does (wave2
 * notes §1.12) and stores the result beside it as `<fileId>.<outputType>`. The caller deletes the
 * original. Bytes that only looked like an image (a valid header, a broken body) are refused as 415.
 */
export async function storeResizedImage(storage: FileStorage, original: SavedPart, options: { userId: string; outputType: ImageOutputType }): Promise<SavedPart> {
  const bytes = await readWhole(await storage.readStream(original.path));
  const resized = await resizeImage(bytes, { limits: uploadImageSides, outputType: options.outputType }).catch((error: unknown) => {
    if (error instanceof PackageLoadError) throw error;
    throw new UploadRejectedError('unsupported_file_type', { type: original.type.type });
  });
  const stored = await storage.save({ userId: options.userId, fileName: resizedImageName(original.fileId, options.outputType), mediaType: resized.type, body: Readable.from([resized.data]) });
  return { ...original, type: { type: resized.type, kind: 'image' }, path: stored.path, bytes: stored.bytes, width: resized.width, height: resized.height };
}
