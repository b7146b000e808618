import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { defaultExtractionLimits, extractText } from './extract-text.js';

const fixture = (name: string) => readFile(new URL(`./__fixtures__/${name}`, import.meta.url));
async function* streamOf(...chunks: Uint8Array[]): AsyncGenerator<Uint8Array> {
  yield* chunks;
}
const utf8 = (text: string) => new TextEncoder().encode(text);

describe('extractText', () => {
  it("reads every page of a real PDF's text layer (pdfjs-dist, in a worker thread)", async () => {
    const { text, truncated } = await extractText('pdf', streamOf(await fixture('harbour-report.pdf')));
    expect(text).toContain('The lighthouse keeper counted 42 ships in April.');
    expect(text).toContain('Second page: the pelican colony nests on the north pier.');
    expect(text.indexOf('42 ships')).toBeLessThan(text.indexOf('pelican'));
    expect(truncated).toBe(false);
  });

  it("reads a real Word document's paragraphs (mammoth)", async () => {
    const { text } = await extractText('docx', streamOf(await fixture('orchard-minutes.docx')));
    expect(text).toBe('Orchard minutes\n\nThe committee agreed to plant 17 quince trees along the east wall.\n\nBeekeeping moves to Thursdays.');
  });

  it('decodes UTF-8 text across chunk boundaries, normalising line ends and dropping a byte-order mark', async () => {
    const bytes = utf8('\uFEFFname,city\r\nZoë,Kraków\r\n');
    const cut = bytes.indexOf(0xc3) + 1; // inside the two bytes of ë
    const { text } = await extractText('text', streamOf(bytes.subarray(0, cut), bytes.subarray(cut)));
    expect(text).toBe('name,city\nZoë,Kraków');
  });

  it('keeps only the first maxCharacters and says so, without reading the rest of a text stream', async () => {
    let chunksRead = 0;
    async function* endless(): AsyncGenerator<Uint8Array> {
      for (;;) {
        chunksRead += 1;
        yield utf8('word '.repeat(100));
      }
    }
    const { text, truncated } = await extractText('text', endless(), { limits: { ...defaultExtractionLimits, maxCharacters: 1_000 } });
    expect(truncated).toBe(true);
    expect(text.length).toBeLessThanOrEqual(1_000);
    expect(chunksRead).toBeLessThan(5);
  });

  it('fails clearly for a damaged PDF, a PDF larger than maxParsedBytes, a timeout and an empty text', async () => {
    await expect(extractText('pdf', streamOf(utf8('%PDF-1.4\nnot really a pdf')))).rejects.toThrow(/The PDF could not be read/);
    const pdf = await fixture('harbour-report.pdf');
    await expect(extractText('pdf', streamOf(pdf), { limits: { ...defaultExtractionLimits, maxParsedBytes: 100 } })).rejects.toThrow(/larger than .* its text is not read/);
    await expect(extractText('docx', streamOf(await fixture('orchard-minutes.docx')), { limits: { ...defaultExtractionLimits, timeoutMs: 1 } })).rejects.toThrow(/took longer than 1 ms/);
    await expect(extractText('text', streamOf(utf8(' \n\n \t')))).rejects.toThrow(/holds no text/);
  });

  it('stops the extraction when the signal aborts', async () => {
    const controller = new AbortController();
    const running = extractText('pdf', streamOf(await fixture('harbour-report.pdf')), { signal: controller.signal });
    controller.abort();
    await expect(running).rejects.toThrow(/aborted/);
  });
});
