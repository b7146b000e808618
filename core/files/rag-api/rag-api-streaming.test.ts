import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccessTokens } from '../../auth/access-tokens.js';
import { upstreamFetch } from '../../net/upstream-fetch.js';
import { createRagApiDocumentIndex } from './index.js';

const megabyte = 1024 * 1024;
const uploadBytes = 200 * megabyte;

describe('a large document sent to the RAG API', () => {
  let sink: Server;
  let url: string;
  let received = 0;
  beforeAll(async () => {
    // Only /embed's wire, counting the bytes and keeping none (the double keeps every file it reads).
    sink = createServer((request, response) => {
      if (request.method === 'POST' && request.url === '/embed') {
        request.on('data', (chunk: Buffer) => (received += chunk.length));
        request.on('end', () => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ status: true, known_type: true })));
      } else {
        request.resume();
        response.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ detail: 'One or more IDs not found' }));
      }
    });
    await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(sink.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => sink.close(resolve)));

  // RSS is no measure here: the megabytes already sent are garbage the collector frees when it likes.
  // What a buffering client would show is reading far ahead of what the RAG API received.
  it('is streamed: the file is read at most a few megabytes ahead of what the RAG API received', async () => {
    const tokens = createAccessTokens('s'.repeat(64), 60_000);
    const index = createRagApiDocumentIndex({ baseUrl: url, signToken: (userId) => tokens.signForService(userId), fetch: upstreamFetch, useFullContext: false, log: { debug() {}, info() {}, warn() {}, error() {} } });
    let read = 0;
    let furthestAhead = 0;
    await index.add({
      fileId: 'file-large',
      userId: 'user-1',
      fileName: 'large.txt',
      mediaType: 'text/plain',
      async open() {
        return (async function* () {
          for (; read < uploadBytes; read += megabyte) {
            furthestAhead = Math.max(furthestAhead, read - received);
            yield Buffer.alloc(megabyte, 97);
          }
        })();
      },
    });
    expect(received).toBeGreaterThan(uploadBytes);
    expect(furthestAhead).toBeLessThan(16 * megabyte);
  });
});
