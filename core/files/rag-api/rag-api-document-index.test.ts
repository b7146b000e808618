import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startRagApiDouble, type RagApiDouble } from '../../../testing/rag-api-double/index.js';
import { createAccessTokens } from '../../auth/access-tokens.js';
import { upstreamFetch } from '../../net/upstream-fetch.js';
import type { PluginLogger } from '../../plugin-api/index.js';
import type { DocumentIndex, DocumentToIndex } from '../document-index.js';
import { createRagApiDocumentIndex, type RagApiDocumentIndexOptions } from './index.js';

const secret = 'r'.repeat(64);
const tokens = createAccessTokens(secret, 15 * 60_000);
const warnings: string[] = [];
const log: PluginLogger = { debug() {}, info() {}, warn: (message) => void warnings.push(message), error: (message) => void warnings.push(message) };

const notes = `${'Otters sleep floating on their backs and hold paws so the current does not part them. '.repeat(12)}The harbour seal colony moves north in spring.`;
/** An uncompressed PDF whose page shows two lines, as the double's PDF reader takes them. */
const pdfText = 'Quarterly revenue grew by twelve percent Bees dance to tell where the flowers are';
const pdf = '%PDF-1.4\n1 0 obj << /Length 80 >> stream\nBT (Quarterly revenue grew by twelve percent) Tj ET\nBT (Bees dance to tell where the flowers are) Tj ET\nendstream endobj\n%%EOF\n';

function document(fileId: string, fileName: string, mediaType: string, content: string | Uint8Array, userId = 'user-a'): DocumentToIndex {
  return {
    fileId,
    userId,
    fileName,
    mediaType,
    async open() {
      return (async function* () {
        yield typeof content === 'string' ? new TextEncoder().encode(content) : content;
      })();
    },
  };
}

describe('the RAG API as a DocumentIndex, against the double', () => {
  let double: RagApiDouble;
  const indexFor = (overrides: Partial<RagApiDocumentIndexOptions> = {}): DocumentIndex =>
    createRagApiDocumentIndex({ baseUrl: `${double.url}/`, signToken: (userId) => tokens.signForService(userId), fetch: upstreamFetch, useFullContext: true, log, ...overrides });

  beforeAll(async () => {
    double = await startRagApiDouble({ jwtSecret: secret });
  });
  afterAll(() => double.close());
  afterEach(async () => {
    await double.start();
    double.store.chunks.splice(0);
  });

  it('embeds a text and a PDF file, searches them best first citing names, reads whole texts and removes them', async () => {
    const index = indexFor();
    const text = await index.add(document('file-notes', 'notes.md', 'text/markdown', notes));
    expect(text.chunks).toBeGreaterThan(1);
    expect(text.characters).toBeGreaterThan(notes.length - 50);
    expect(await index.add(document('file-report', 'report.pdf', 'application/pdf', pdf))).toEqual({ chunks: 1, characters: pdfText.length });
    expect(double.embeds.at(-1)).toMatchObject({ userId: 'user-a', fileId: 'file-report', fileName: 'report.pdf', contentType: 'application/pdf' });

    const found = await index.search({ userId: 'user-a', fileIds: ['file-notes', 'file-report'], question: 'Where do the seal colony and bees go?', limit: 2 });
    expect(found).toHaveLength(2);
    expect(found.map((passage) => passage.fileName).sort()).toEqual(['notes.md', 'report.pdf']);
    expect(found[0].score).toBeGreaterThanOrEqual(found[1].score);
    expect(found.find((passage) => passage.fileId === 'file-report')?.text).toContain('Bees dance');
    expect(found.find((passage) => passage.fileId === 'file-notes')?.text).toContain('harbour seal colony');

    expect(await index.wholeText('user-a', 'file-report')).toBe(pdfText);
    expect(await index.wholeText('user-a', 'file-unknown')).toBeNull();
    const before = double.requests.length;
    expect(await indexFor({ useFullContext: false }).wholeText('user-a', 'file-report')).toBeNull();
    expect(double.requests.length).toBe(before);

    await index.remove('user-a', ['file-notes', 'file-report', 'file-never-embedded']);
    expect(double.store.chunks).toEqual([]);
    expect(await index.search({ userId: 'user-a', fileIds: ['file-notes', 'file-report'], question: 'bees', limit: 4 })).toEqual([]);
  });

  it("shows another user nothing of a user's documents and lets them remove none", async () => {
    const index = indexFor();
    await index.add(document('file-private', 'diary.txt', 'text/plain', notes));
    expect(await index.search({ userId: 'user-b', fileIds: ['file-private'], question: 'otters sleep', limit: 4 })).toEqual([]);
    expect(await index.wholeText('user-b', 'file-private')).toBeNull();
    await index.remove('user-b', ['file-private']);
    expect(double.store.of('user-a', 'file-private').length).toBeGreaterThan(0);
    expect(await index.search({ userId: 'user-a', fileIds: ['file-private'], question: 'otters sleep', limit: 1 })).toHaveLength(1);
  });

  it("refuses a type the RAG API does not know with LibreChat's text, and a file it cannot read, keeping nothing of either", async () => {
    const index = indexFor();
    await expect(index.add(document('file-odd', 'data.xyz', 'application/x-odd', 'some words'))).rejects.toMatchObject({
      code: 'embedding_unsupported_type',
      status: 415,
      message: 'File embedding failed. The filetype application/x-odd is not supported',
    });
    await expect(index.add(document('file-bin', 'blob.bin', 'application/octet-stream', new Uint8Array([0, 1, 2])))).rejects.toMatchObject({
      code: 'embedding_failed',
      message: 'File embedding failed.',
    });
    expect(double.store.chunks).toEqual([]);
  });

  it('answers a clear 503 while the RAG API is down, and works again when it is back', async () => {
    const index = indexFor();
    await double.stop();
    // ECONNREFUSED, or EPIPE/ECONNRESET on a kept-alive connection the stopped server closed.
    const down = { code: 'rag_api_unavailable', status: 503, message: expect.stringMatching(/^Documents cannot be read right now: the RAG API cannot be reached \(E[A-Z]+\)\. Try again in a few moments\.$/) };
    await expect(index.add(document('file-notes', 'notes.md', 'text/markdown', notes))).rejects.toMatchObject(down);
    await expect(index.search({ userId: 'user-a', fileIds: ['file-notes'], question: 'otters', limit: 4 })).rejects.toMatchObject(down);
    await expect(index.wholeText('user-a', 'file-notes')).rejects.toMatchObject(down);
    await expect(index.remove('user-a', ['file-notes'])).rejects.toMatchObject(down);
    await double.start();
    expect((await index.add(document('file-notes', 'notes.md', 'text/markdown', notes))).chunks).toBeGreaterThan(1);
  });

  it("says so when the RAG API refuses chatbox's token (another JWT_SECRET)", async () => {
    const stranger = createAccessTokens('x'.repeat(64), 60_000);
    const index = indexFor({ signToken: (userId) => stranger.signForService(userId) });
    await expect(index.search({ userId: 'user-a', fileIds: ['file-notes'], question: 'otters', limit: 4 })).rejects.toMatchObject({
      code: 'rag_api_unavailable',
      message: expect.stringContaining("refused chatbox's token (it must share chatbox's JWT_SECRET)"),
    });
  });

  it('streams the file: the RAG API receives the first bytes before the rest is read', async () => {
    const piece = new Uint8Array(1024 * 1024).fill(97);
    const streamed: DocumentToIndex = {
      ...document('file-big', 'big.txt', 'text/plain', ''),
      async open() {
        return (async function* () {
          yield piece;
          // A client that buffered the whole file first would wait here forever.
          await double.fileBytesReceived(piece.length);
          yield piece;
        })();
      },
    };
    await indexFor().add(streamed);
    const received = double.embeds.at(-1)!;
    expect(received.bytes).toBe(2 * piece.length);
    expect(received.headers['transfer-encoding']).toBe('chunked');
    expect(received.headers['content-length']).toBeUndefined();
  });

  it('passes on a failure to read the stored file, keeping nothing', async () => {
    const broken: DocumentToIndex = {
      ...document('file-broken', 'broken.txt', 'text/plain', ''),
      async open() {
        return (async function* () {
          yield new TextEncoder().encode('first words ');
          throw new Error('disk read failed');
        })();
      },
    };
    await expect(indexFor().add(broken)).rejects.toThrow('disk read failed');
    expect(double.store.chunks).toEqual([]);
  });
});

describe('the RAG API client with a server that does not answer', () => {
  let silent: Server;
  let url: string;
  beforeAll(async () => {
    silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    silent.closeAllConnections();
    await new Promise((resolve) => silent.close(resolve));
  });

  const index = () => createRagApiDocumentIndex({ baseUrl: url, signToken: (userId) => tokens.signForService(userId), fetch: upstreamFetch, useFullContext: true, log, timeouts: { requestMs: 200, embedMs: 200 } });

  it('gives up after its timeout with a clear error', async () => {
    await expect(index().search({ userId: 'user-a', fileIds: ['file-1'], question: 'anything', limit: 4 })).rejects.toMatchObject({
      code: 'rag_api_unavailable',
      message: 'Documents cannot be read right now: the RAG API did not answer within 0.2 s. Try again in a few moments.',
    });
  });

  it("stops when the caller's signal aborts, with the caller's reason", async () => {
    const controller = new AbortController();
    const pending = index().search({ userId: 'user-a', fileIds: ['file-1'], question: 'anything', limit: 4 }, { signal: controller.signal });
    controller.abort(new Error('the user stopped the turn'));
    await expect(pending).rejects.toThrow('the user stopped the turn');
  });
});
