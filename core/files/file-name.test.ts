import { describe, expect, it } from 'vitest';
import { decodeClientFileName, maxFileNameBytes, sanitizeFileName } from './file-name.js';

const bytes = (text: string) => Buffer.byteLength(text, 'utf8');

describe('sanitizeFileName', () => {
  it('keeps an ordinary name as it is', () => {
    expect(sanitizeFileName('Quarterly report (final) v2.pdf')).toBe('Quarterly report (final) v2.pdf');
    expect(sanitizeFileName('Zoë – notes.md')).toBe('Zoë – notes.md');
  });

  it('keeps only the last path segment, whatever the separator', () => {
    expect(sanitizeFileName('../../etc/passwd')).toBe('passwd');
    expect(sanitizeFileName('..\\..\\Windows\\system32\\drivers\\etc\\hosts')).toBe('hosts');
    expect(sanitizeFileName('C:\\Users\\me\\Desktop\\cat.png')).toBe('cat.png');
    expect(sanitizeFileName('/var/tmp/')).toBe('file');
    expect(sanitizeFileName('..')).toBe('file');
  });

  it('drops NUL, control characters and the right-to-left override that disguises an extension', () => {
    expect(sanitizeFileName('evil\u0000.png.exe')).toBe('evil.png.exe');
    expect(sanitizeFileName('line\nbreak\r\tname.txt')).toBe('linebreakname.txt');
    // Shown as "invoiceexe.pdf" by a bidi-aware renderer; its real extension is .exe and must show.
    expect(sanitizeFileName('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(sanitizeFileName('a\u200Bb\uFEFF\u2066c.txt')).toBe('abc.txt');
  });

  it('removes leading dots that would hide the file, trailing dots and blanks, and reserved characters', () => {
    expect(sanitizeFileName('.htaccess')).toBe('htaccess');
    expect(sanitizeFileName('...bashrc')).toBe('bashrc');
    expect(sanitizeFileName('  notes.txt. . ')).toBe('notes.txt');
    expect(sanitizeFileName('what?<is>:"this"|*.txt')).toBe('what__is___this___.txt');
    expect(sanitizeFileName('CON.txt')).toBe('_CON.txt');
  });

  it('normalizes Unicode to NFC so one name has one spelling', () => {
    const decomposed = 'Cafe\u0301.txt';
    expect(sanitizeFileName(decomposed)).toBe('Caf\u00e9.txt');
    expect(sanitizeFileName(decomposed)).toBe(sanitizeFileName('Café.txt'));
  });

  it('caps a 1000-character name at 255 bytes and keeps its extension', () => {
    const capped = sanitizeFileName(`${'a'.repeat(1000)}.pdf`);
    expect(bytes(capped)).toBe(maxFileNameBytes);
    expect(capped.endsWith('.pdf')).toBe(true);
  });

  it('never cuts a multi-byte character or an emoji in half', () => {
    const capped = sanitizeFileName(`${'😀'.repeat(300)}.txt`);
    expect(bytes(capped)).toBeLessThanOrEqual(maxFileNameBytes);
    expect(capped).toMatch(/^(😀)+\.txt$/u);
    const accents = sanitizeFileName('é'.repeat(1000));
    expect(bytes(accents)).toBeLessThanOrEqual(maxFileNameBytes);
    expect(accents).toMatch(/^é+$/);
  });

  it('does not keep an implausibly long "extension" whole', () => {
    const capped = sanitizeFileName(`report.${'x'.repeat(600)}`);
    expect(bytes(capped)).toBe(maxFileNameBytes);
    expect(capped.startsWith('report.')).toBe(true);
  });
});

describe('decodeClientFileName', () => {
  it('decodes the percent-encoding LibreChat\'s client applies, and keeps a malformed one as sent', () => {
    expect(decodeClientFileName(encodeURIComponent('Zoë report #1.pdf'))).toBe('Zoë report #1.pdf');
    expect(decodeClientFileName('100%.txt')).toBe('100%.txt');
    // Decoding happens before sanitizing, so an encoded separator cannot slip through.
    expect(sanitizeFileName(decodeClientFileName('..%2F..%2Fetc%2Fpasswd'))).toBe('passwd');
  });
});
