import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { anthropicImageSides, avatarSide, fitImageSides, resizeAvatar, resizeImage, uploadImageSides } from './image-resize.js';

/** A solid image of the given size, in the given format. */
function solidImage(width: number, height: number, format: 'png' | 'jpeg', orientation?: number): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } }).toFormat(format);
  return (orientation ? image.withMetadata({ orientation }) : image).toBuffer();
}

describe('fitImageSides', () => {
  it('caps the short side at 768 and the long side at 2000, keeping the aspect', () => {
    expect(fitImageSides(4000, 3000, uploadImageSides)).toEqual({ width: 1024, height: 768 });
    expect(fitImageSides(6000, 1000, uploadImageSides)).toEqual({ width: 2000, height: 333 });
    expect(fitImageSides(1000, 1000, uploadImageSides)).toEqual({ width: 768, height: 768 });
    expect(fitImageSides(1000, 6000, anthropicImageSides)).toEqual({ width: 261, height: 1568 });
  });

  it('never enlarges a small image', () => {
    expect(fitImageSides(300, 200, uploadImageSides)).toEqual({ width: 300, height: 200 });
  });
});

describe('resizeImage', () => {
  it('shrinks a large PNG and converts it to the output type', async () => {
    const resized = await resizeImage(await solidImage(1600, 1200, 'png'), { limits: uploadImageSides, outputType: 'webp' });
    expect(resized).toMatchObject({ width: 1024, height: 768, type: 'image/webp' });
    expect(await sharp(resized.data).metadata()).toMatchObject({ format: 'webp', width: 1024, height: 768 });
  });

  it('applies the EXIF orientation before measuring (a quarter turn swaps the sides)', async () => {
    // Stored 1600×1000 landscape, orientation 6: upright it is 1000×1600 portrait.
    const resized = await resizeImage(await solidImage(1600, 1000, 'jpeg', 6), { limits: uploadImageSides, outputType: 'png' });
    expect(resized).toMatchObject({ width: 768, height: 1229, type: 'image/png' });
    const metadata = await sharp(resized.data).metadata();
    expect(metadata).toMatchObject({ format: 'png', width: 768, height: 1229 });
    expect(metadata.orientation ?? 1).toBe(1);
  });

  it('rejects bytes that are not an image', async () => {
    await expect(resizeImage(Buffer.from('not an image at all'), { limits: uploadImageSides, outputType: 'png' })).rejects.toThrow();
  });
});

describe('resizeAvatar', () => {
  it('crops the upright picture to its centred square at 150 px in the output type', async () => {
    // Stored 300×100, green top half, red bottom; orientation 6 turns it a quarter clockwise,
    // so upright the green half is on the right.
    const green = await sharp({ create: { width: 300, height: 50, channels: 3, background: '#00ff00' } }).png().toBuffer();
    const stored = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#ff0000' } })
      .composite([{ input: green, left: 0, top: 0 }])
      .jpeg({ quality: 100 })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const avatar = await resizeAvatar(stored, 'webp');
    expect(avatar).toMatchObject({ width: avatarSide, height: avatarSide, type: 'image/webp' });
    const { data, info } = await sharp(avatar.data).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    expect(info.width).toBe(150);
    const greenAt = (x: number, y: number) => data[(y * info.width + x) * 3 + 1] > 200 && data[(y * info.width + x) * 3] < 60;
    expect([greenAt(140, 75), greenAt(10, 75)]).toEqual([true, false]);
  });

  it('rejects bytes that are not an image', async () => {
    await expect(resizeAvatar(Buffer.from('not an image at all'), 'png')).rejects.toThrow();
  });
});
