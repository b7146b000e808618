import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

/** A request a media fake received, for assertions. */
export interface MediaFakeRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingMessage['headers'];
  /** The JSON body, parsed; undefined without one. */
  body: unknown;
}

/** A running media fake: its base URL (`http://127.0.0.1:<port>`), what it received, and whether a client left early. */
export interface MediaFake {
  url: string;
  port: number;
  requests: MediaFakeRequest[];
  /** Requests whose client closed the connection before the answer was sent (an aborted tool). */
  abandoned: number;
  close(): Promise<void>;
}

export type MediaFakeHandler = (request: MediaFakeRequest, response: ServerResponse) => void | Promise<void>;

/** Test fixture: a loopback HTTP server answering through `handle`, recording every request. */
export async function startMediaFake(handle: MediaFakeHandler): Promise<MediaFake> {
  const requests: MediaFakeRequest[] = [];
  const fake: MediaFake = { url: '', port: 0, requests, abandoned: 0, close: async () => undefined };
  const server = createServer(async (message, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of message) chunks.push(Buffer.from(chunk));
    const text = Buffer.concat(chunks).toString('utf8');
    const url = new URL(message.url ?? '/', 'http://fake');
    const request: MediaFakeRequest = { method: message.method ?? 'GET', path: url.pathname, query: Object.fromEntries(url.searchParams), headers: message.headers, body: text ? parseJson(text) : undefined };
    requests.push(request);
    response.on('close', () => {
      if (!response.writableFinished) fake.abandoned += 1;
    });
    await handle(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.port = (server.address() as AddressInfo).port;
  fake.url = `http://127.0.0.1:${fake.port}`;
  fake.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/** Test fixture: a real PNG of `width`×`height` (a solid colour), as an image service would answer. */
export function testPng(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } }).png().toBuffer();
}
