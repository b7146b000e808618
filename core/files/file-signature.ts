/**
 * File types recognised by their first bytes (magic numbers). Only these are ever believed to be
 * images, PDFs or archives: a name or a declared type never makes a file one of them.
 */
export type SignatureType =
  | 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp' | 'image/bmp' | 'image/tiff' | 'image/heic' | 'image/heif' | 'image/avif'
  | 'application/pdf' | 'application/zip' | 'application/x-cfb' | 'application/gzip' | 'application/x-tar'
  | 'application/x-msdownload' | 'application/x-executable';

/** How many first bytes sniffing needs (tar's "ustar" sits at 257, a PDF header may start up to 1024 in). */
export const sniffLength = 4096;

const ascii = (text: string) => Array.from(text, (character) => character.charCodeAt(0));

function startsWith(bytes: Uint8Array, expected: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + expected.length) return false;
  return expected.every((byte, index) => bytes[offset + index] === byte);
}

function indexOf(bytes: Uint8Array, expected: readonly number[], limit: number): number {
  const end = Math.min(bytes.length - expected.length, limit);
  for (let start = 0; start <= end; start += 1) if (startsWith(bytes, expected, start)) return start;
  return -1;
}

const plainSignatures: ReadonlyArray<{ type: SignatureType; bytes: readonly number[]; offset?: number }> = [
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { type: 'image/gif', bytes: ascii('GIF87a') },
  { type: 'image/gif', bytes: ascii('GIF89a') },
  { type: 'image/tiff', bytes: [0x49, 0x49, 0x2a, 0x00] },
  { type: 'image/tiff', bytes: [0x4d, 0x4d, 0x00, 0x2a] },
  { type: 'application/zip', bytes: [0x50, 0x4b, 0x03, 0x04] },
  // An empty archive has only its end record.
  { type: 'application/zip', bytes: [0x50, 0x4b, 0x05, 0x06] },
  { type: 'application/x-cfb', bytes: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1] },
  { type: 'application/gzip', bytes: [0x1f, 0x8b] },
  { type: 'application/x-tar', bytes: ascii('ustar'), offset: 257 },
  { type: 'application/x-executable', bytes: [0x7f, 0x45, 0x4c, 0x46] },
];

/** BITMAPINFOHEADER and its relatives: "BM" alone is too common a start for text to be trusted. */
const bmpHeaderSizes = new Set([12, 40, 52, 56, 64, 108, 124]);

const heicBrands = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis']);
const avifBrands = new Set(['avif', 'avis']);

/** The type the first bytes prove, or null when they prove none (text, or a format not listed). */
export function sniffSignature(head: Uint8Array): SignatureType | null {
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return 'image/webp';
  if (startsWith(head, ascii('BM')) && head.length >= 18 && bmpHeaderSizes.has(readUint32LittleEndian(head, 14))) return 'image/bmp';
  if (isWindowsExecutable(head)) return 'application/x-msdownload';
  const isoMedia = isoMediaImageType(head);
  if (isoMedia) return isoMedia;
  // Readers accept a PDF header anywhere in the first 1024 bytes (some writers put junk first).
  if (indexOf(head, ascii('%PDF-'), 1024) !== -1) return 'application/pdf';
  for (const signature of plainSignatures) if (startsWith(head, signature.bytes, signature.offset)) return signature.type;
  return null;
}

/** "MZ" alone starts many a text; a Windows program also has "PE\0\0" where its header's offset 0x3C points. */
function isWindowsExecutable(head: Uint8Array): boolean {
  if (!startsWith(head, ascii('MZ')) || head.length < 0x40) return false;
  return startsWith(head, [0x50, 0x45, 0x00, 0x00], readUint32LittleEndian(head, 0x3c));
}

/** HEIC, HEIF and AVIF are ISO media files: a `ftyp` box whose brands name the image format. */
function isoMediaImageType(head: Uint8Array): SignatureType | null {
  if (!startsWith(head, ascii('ftyp'), 4)) return null;
  const boxSize = Math.min(readUint32BigEndian(head, 0), head.length);
  const brands: string[] = [];
  // Major brand at 8, minor version at 12, compatible brands from 16 to the end of the box.
  for (let offset = 8; offset + 4 <= boxSize; offset += 4) if (offset !== 12) brands.push(String.fromCharCode(...head.subarray(offset, offset + 4)));
  if (brands.some((brand) => avifBrands.has(brand))) return 'image/avif';
  if (brands.some((brand) => heicBrands.has(brand))) return 'image/heic';
  if (brands.includes('mif1') || brands.includes('msf1')) return 'image/heif';
  return null;
}

function readUint32LittleEndian(bytes: Uint8Array, offset: number): number {
  return (bytes[offset] | (bytes[offset + 1] << 8) | (bytes[offset + 2] << 16) | (bytes[offset + 3] << 24)) >>> 0;
}

function readUint32BigEndian(bytes: Uint8Array, offset: number): number {
  return ((bytes[offset] << 24) | (bytes[offset + 1] << 16) | (bytes[offset + 2] << 8) | bytes[offset + 3]) >>> 0;
}
