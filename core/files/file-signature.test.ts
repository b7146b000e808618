import { describe, expect, it } from 'vitest';
import { sniffSignature } from './file-signature.js';

const bytes = (...parts: Array<string | number[]>) =>
  Uint8Array.from(parts.flatMap((part) => (typeof part === 'string' ? Array.from(part, (character) => character.charCodeAt(0)) : part)));

/** An ISO media `ftyp` box: size, "ftyp", major brand, minor version, compatible brands. */
const ftyp = (major: string, ...compatible: string[]) => {
  const size = 16 + 4 * compatible.length;
  return bytes([0, 0, 0, size], 'ftyp', major, [0, 0, 0, 0], ...compatible, [0, 0, 0, 8], 'meta');
};

describe('sniffSignature', () => {
  it.each([
    ['image/png', bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a], [0, 0, 0, 13], 'IHDR')],
    ['image/jpeg', bytes([0xff, 0xd8, 0xff, 0xe0], [0, 16], 'JFIF')],
    ['image/gif', bytes('GIF89a', [1, 0, 1, 0])],
    ['image/gif', bytes('GIF87a', [1, 0, 1, 0])],
    ['image/webp', bytes('RIFF', [36, 0, 0, 0], 'WEBPVP8 ')],
    ['image/bmp', bytes('BM', [70, 0, 0, 0, 0, 0, 0, 0, 54, 0, 0, 0, 40, 0, 0, 0])],
    ['image/tiff', bytes('II', [0x2a, 0, 8, 0, 0, 0])],
    ['image/tiff', bytes('MM', [0, 0x2a, 0, 0, 0, 8])],
    ['image/heic', ftyp('heic', 'mif1', 'heic')],
    ['image/avif', ftyp('avif', 'mif1', 'miaf')],
    ['image/avif', ftyp('mif1', 'avif')],
    ['image/heif', ftyp('mif1', 'miaf')],
    ['application/pdf', bytes('%PDF-1.7\n%\u00e2\u00e3')],
    ['application/pdf', bytes('junk before the header\n%PDF-1.4\n')],
    ['application/zip', bytes('PK', [3, 4, 20, 0])],
    ['application/x-cfb', bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])],
    ['application/gzip', bytes([0x1f, 0x8b, 8, 0])],
    ['application/x-executable', bytes([0x7f], 'ELF', [2, 1, 1])],
  ])('recognises %s', (type, head) => {
    expect(sniffSignature(head)).toBe(type);
  });

  it('recognises a tar archive by "ustar" at 257 and a Windows program by its PE header', () => {
    const tar = new Uint8Array(512);
    tar.set(bytes('notes.txt'), 0);
    tar.set(bytes('ustar'), 257);
    expect(sniffSignature(tar)).toBe('application/x-tar');
    const program = new Uint8Array(256);
    program.set(bytes('MZ'), 0);
    program.set([0x80, 0, 0, 0], 0x3c);
    program.set(bytes('PE', [0, 0]), 0x80);
    expect(sniffSignature(program)).toBe('application/x-msdownload');
  });

  it('proves nothing for text, even text that starts like a signature, nor for a name-only claim', () => {
    expect(sniffSignature(bytes('hello, world\n'))).toBeNull();
    expect(sniffSignature(bytes('MZone report for 2024: sales were up, costs were down, and everyone was happy about it.'))).toBeNull();
    expect(sniffSignature(bytes('BMW drivers club: meeting minutes\n'))).toBeNull();
    expect(sniffSignature(bytes('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBeNull();
    expect(sniffSignature(bytes('%PD'))).toBeNull();
    expect(sniffSignature(new Uint8Array(0))).toBeNull();
    // A PDF header past the first 1024 bytes is not one.
    expect(sniffSignature(bytes('x'.repeat(1100), '%PDF-1.4'))).toBeNull();
  });
});
