import { describe, expect, it } from 'vitest';
import { decideFileType, type FileTypeInput } from './file-type.js';
import { defaultSupportedMimeTypes } from './mime-patterns.js';
import { UploadRejectedError } from './upload-errors.js';

const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const jpeg = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]);
const pdf = new TextEncoder().encode('%PDF-1.7\n1 0 obj\n');
const zip = Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 20, 0]);
const text = (value: string) => new TextEncoder().encode(value);
const docx = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

const decide = (input: Partial<FileTypeInput> & Pick<FileTypeInput, 'head'>) =>
  decideFileType({ declaredType: undefined, fileName: 'upload', wholeFile: true, supportedMimeTypes: defaultSupportedMimeTypes, ...input });

/** The rejection a call throws, to assert its status and text. */
function rejection(call: () => unknown): UploadRejectedError {
  try {
    call();
  } catch (error) {
    if (error instanceof UploadRejectedError) return error;
    throw error;
  }
  throw new Error('expected the upload to be rejected');
}

describe('decideFileType', () => {
  it('takes images and PDFs from their bytes, whatever the client declared or the name says', () => {
    expect(decide({ head: png, declaredType: 'image/png', fileName: 'cat.png' })).toEqual({ type: 'image/png', kind: 'image' });
    expect(decide({ head: jpeg, declaredType: 'image/png', fileName: 'cat.png' })).toEqual({ type: 'image/jpeg', kind: 'image' });
    expect(decide({ head: png, declaredType: 'text/plain', fileName: 'notes.txt' })).toEqual({ type: 'image/png', kind: 'image' });
    expect(decide({ head: pdf, declaredType: '', fileName: 'report' })).toEqual({ type: 'application/pdf', kind: 'pdf' });
  });

  it('refuses an image or PDF claim the bytes do not back, from the declared type or from the extension alone', () => {
    const fake = rejection(() => decide({ head: text('not really a picture'), declaredType: 'image/png', fileName: 'cat.png' }));
    expect(fake.status).toBe(415);
    expect(fake.message).toBe('Currently, unsupported file type: image/png');
    expect(rejection(() => decide({ head: text('%PD'), declaredType: undefined, fileName: 'paper.pdf' })).message).toBe('Currently, unsupported file type: application/pdf');
    expect(rejection(() => decide({ head: text('plain words'), declaredType: docx, fileName: 'letter.docx' })).status).toBe(415);
  });

  it('never accepts SVG as an image, even when the endpoint allows every image type', () => {
    const svg = text('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const everyImage = [/^image\/.*$/, /^text\/plain$/];
    for (const declaredType of ['image/svg+xml', 'image/png', undefined]) {
      const error = rejection(() => decide({ head: svg, declaredType, fileName: 'logo.svg', supportedMimeTypes: everyImage }));
      expect(error.status).toBe(415);
      expect(error.message).toBe('Currently, unsupported file type: image/svg+xml');
    }
    // Declared as text it is a text document (never drawn as an image).
    expect(decide({ head: svg, declaredType: 'text/plain', fileName: 'logo.txt', supportedMimeTypes: everyImage })).toEqual({ type: 'text/plain', kind: 'text' });
  });

  it('needs text-like documents to be UTF-8 text', () => {
    expect(decide({ head: text('a,b\n1,2\n'), declaredType: 'text/csv; charset=utf-8', fileName: 'data.csv' })).toEqual({ type: 'text/csv', kind: 'text' });
    expect(decide({ head: text('{"a":1}'), declaredType: 'application/json', fileName: 'a.json' })).toEqual({ type: 'application/json', kind: 'text' });
    const binary = rejection(() => decide({ head: Uint8Array.from([0x00, 0x01, 0x02, 0xff]), declaredType: 'text/plain', fileName: 'a.txt' }));
    expect(binary.message).toBe('Currently, unsupported file type: text/plain');
  });

  it('maps the extension only when the client declared no type (or octet-stream), as LibreChat\'s client does', () => {
    expect(decide({ head: text('print(1)\n'), declaredType: '', fileName: 'script.py' })).toEqual({ type: 'text/x-python', kind: 'text' });
    expect(decide({ head: text('# Title\n'), declaredType: 'application/octet-stream', fileName: 'README.MD' })).toEqual({ type: 'text/markdown', kind: 'text' });
    expect(decide({ head: text('just words'), declaredType: undefined, fileName: 'notes' })).toEqual({ type: 'text/plain', kind: 'text' });
    const unknown = rejection(() => decide({ head: Uint8Array.from([0, 1, 2, 3]), declaredType: undefined, fileName: 'blob' }));
    expect(unknown.status).toBe(415);
    expect(unknown.message).toBe('Unable to determine file type for: blob');
  });

  it('keeps the finer Office type a ZIP container confirms, and calls any other ZIP a ZIP', () => {
    expect(decide({ head: zip, declaredType: docx, fileName: 'letter.docx' })).toEqual({ type: docx, kind: 'binary' });
    expect(decide({ head: zip, declaredType: 'text/plain', fileName: 'notes.txt' })).toEqual({ type: 'application/zip', kind: 'binary' });
  });

  it("checks the decided type against the endpoint's patterns", () => {
    const onlyPdf = [/^application\/pdf$/];
    expect(decide({ head: pdf, declaredType: 'application/pdf', fileName: 'a.pdf', supportedMimeTypes: onlyPdf }).type).toBe('application/pdf');
    expect(rejection(() => decide({ head: png, declaredType: 'image/png', fileName: 'a.png', supportedMimeTypes: onlyPdf })).message)
      .toBe('Currently, unsupported file type: image/png');
    // BMP is sniffed, but LibreChat's default list does not take it.
    const bmp = Uint8Array.from([0x42, 0x4d, 70, 0, 0, 0, 0, 0, 0, 0, 54, 0, 0, 0, 40, 0, 0, 0]);
    expect(rejection(() => decide({ head: bmp, declaredType: 'image/bmp', fileName: 'a.bmp' })).message).toBe('Currently, unsupported file type: image/bmp');
    // A disabled endpoint accepts nothing.
    expect(rejection(() => decide({ head: text('hi'), declaredType: 'text/plain', fileName: 'a.txt', supportedMimeTypes: [] })).status).toBe(415);
  });

  it('leaves a type it has no signature for to the patterns alone', () => {
    const audio = Uint8Array.from([0x49, 0x44, 0x33, 0x04, 0, 0, 0, 0, 0, 0x21, 0x80]);
    expect(decide({ head: audio, declaredType: 'audio/mpeg', fileName: 'song.mp3', supportedMimeTypes: [/^audio\//] })).toEqual({ type: 'audio/mpeg', kind: 'binary' });
  });
});
