import { loadOnce } from '../errors/index.js';

/** sharp (about 20 MB) loads on the first image, not at start. */
const loadSharp = loadOnce('sharp', async () => (await import('sharp')).default);

/** librechat.yaml `imageOutputType`. */
export type ImageOutputType = 'png' | 'webp' | 'jpeg';

/** The largest sides an image may keep (wave2 notes §1.12): the short side, and the long side. */
export interface ImageSideLimits {
  shortSide: number;
  longSide: number;
}

/** LibreChat's upload resize ("high"): short side ≤ 768 px, long side ≤ 2000 px. */
export const uploadImageSides: ImageSideLimits = { shortSide: 768, longSide: 2000 };
/** Anthropic's long-side limit: larger images are scaled down by the API anyway, at a token cost. */
export const anthropicImageSides: ImageSideLimits = { shortSide: 768, longSide: 1568 };

/** Decoding stops past this many pixels (sharp's own default), so a crafted header cannot exhaust memory. */
const maxInputPixels = 268_402_689;

/** The media types chatbox sends to models and resizes: raster images whose bytes it can sniff (never SVG). */
export const visionImageTypes: ReadonlySet<string> = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/**
 * The size an image of `width`×`height` is scaled to: both sides shrink by one factor (aspect kept)
 * until the short side and the long side fit; never enlarged. A square's sides are both "short".
 */
export function fitImageSides(width: number, height: number, limits: ImageSideLimits): { width: number; height: number } {
  const short = Math.min(width, height);
  const long = Math.max(width, height);
  const scale = Math.min(1, limits.shortSide / short, limits.longSide / long);
  if (scale === 1) return { width, height };
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

export interface ResizedImage {
  data: Buffer;
  width: number;
  height: number;
  /** `image/<outputType>`. */
  type: string;
}

/**
 * Applies the EXIF orientation, fits the sides within `limits` and encodes as `outputType`, as
 * LibreChat does with sharp on upload. Rejects when the bytes are not an image sharp can decode.
 */
export async function resizeImage(input: Buffer, options: { limits: ImageSideLimits; outputType: ImageOutputType }): Promise<ResizedImage> {
  const sharp = await loadSharp();
  const metadata = await sharp(input, { limitInputPixels: maxInputPixels }).metadata();
  if (!metadata.width || !metadata.height) throw new Error('the image has no size');
  // EXIF orientations 5–8 turn the image a quarter: its upright width is the stored height.
  const turned = (metadata.orientation ?? 1) >= 5;
  const upright = turned ? { width: metadata.height, height: metadata.width } : { width: metadata.width, height: metadata.height };
  const target = fitImageSides(upright.width, upright.height, options.limits);
  const { data, info } = await sharp(input, { limitInputPixels: maxInputPixels })
    .rotate()
    .resize(target.width, target.height, { fit: 'fill' })
    .toFormat(options.outputType)
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, type: `image/${options.outputType}` };
}

/** What the bytes of a raster image are: its media type (by its content, not a claim) and sides. */
export interface ImageInfo {
  type: string;
  width: number;
  height: number;
}

const imageTypesByFormat: Readonly<Record<string, string>> = { png: 'image/png', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' };

/** Reads an image's type and sides from its bytes; rejects what is not one of visionImageTypes. */
export async function readImageInfo(input: Uint8Array): Promise<ImageInfo> {
  const sharp = await loadSharp();
  const metadata = await sharp(input, { limitInputPixels: maxInputPixels }).metadata();
  const type = metadata.format ? imageTypesByFormat[metadata.format] : undefined;
  if (!type || !metadata.width || !metadata.height) throw new Error('the bytes are not a PNG, JPEG, GIF or WebP image');
  return { type, width: metadata.width, height: metadata.height };
}

/** The whole of a stream, for images (bounded by the upload limits) that sharp decodes at once. */
export async function readWhole(body: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** The side of a user's avatar (LibreChat's `resizeAndConvert`, width 150). */
export const avatarSide = 150;

/**
 * A user's avatar as LibreChat makes it (wave2 notes §1.6): upright, cropped to the centred square
 * (side = the short side), scaled to `avatarSide` and encoded as `outputType`. Rejects when the bytes
 * are not an image sharp can decode.
 */
export async function resizeAvatar(input: Buffer, outputType: ImageOutputType): Promise<ResizedImage> {
  const sharp = await loadSharp();
  // sharp turns the image upright (rotate()) before it resizes: the crop is centred on what users see.
  const { data, info } = await sharp(input, { limitInputPixels: maxInputPixels })
    .rotate()
    .resize(avatarSide, avatarSide, { fit: 'cover', position: 'centre' })
    .toFormat(outputType)
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, type: `image/${outputType}` };
}
