import { EventEmitter, once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createRequestFetch, webStreamOf } from './request-fetch.js';

let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      if (incoming.url === '/echo') {
        outgoing.writeHead(201, { 'content-type': 'application/json', 'set-cookie': ['a=1', 'b=2'] });
        outgoing.end(JSON.stringify({ method: incoming.method, auth: incoming.headers.authorization, body: Buffer.concat(chunks).toString() }));
      } else if (incoming.url === '/empty') {
        outgoing.writeHead(204).end();
      } else if (incoming.url === '/refused') {
        outgoing.writeHead(401, { 'content-type': 'application/json' });
        outgoing.write('{"error":{"message":"Incorrect API key",');
        setTimeout(() => outgoing.end('"code":"invalid_api_key"}}'), 20);
      } else if (incoming.url === '/slow') {
        outgoing.writeHead(200, { 'content-type': 'text/event-stream' });
        outgoing.write('data: first\n\n');
        // The second part never comes: the client has to abort.
      } else {
        outgoing.writeHead(404).end('missing');
      }
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const fallback = vi.fn(async () => new Response('from the fallback'));
const requestFetch = createRequestFetch(new Agent(), request, fallback as unknown as typeof fetch);

describe('createRequestFetch', () => {
  it('sends the method, headers (a Headers object too) and a string body, and answers a Response', async () => {
    const response = await requestFetch(`${base}/echo`, { method: 'POST', headers: new Headers({ authorization: 'Bearer sk-1' }), body: '{"x":1}' });
    expect(response).toBeInstanceOf(Response);
    expect(response.status).toBe(201);
    expect(response.ok).toBe(true);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    expect(await response.json()).toEqual({ method: 'POST', auth: 'Bearer sk-1', body: '{"x":1}' });
  });

  it('answers an error status as a Response, and a 204 without a body', async () => {
    const missing = await requestFetch(new URL(`${base}/nowhere`));
    expect([missing.status, missing.ok, await missing.text()]).toEqual([404, false, 'missing']);
    const empty = await requestFetch(`${base}/empty`, { method: 'DELETE' });
    expect([empty.status, empty.body]).toEqual([204, null]);
  });

  it('streams the body as it arrives, and an abort ends the read with an AbortError', async () => {
    const controller = new AbortController();
    const response = await requestFetch(`${base}/slow`, { signal: controller.signal });
    const reader = response.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('data: first\n\n');
    controller.abort();
    await expect(reader.read()).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('rejects when nothing listens, as fetch does', async () => {
    await expect(requestFetch('http://127.0.0.1:1/', {})).rejects.toThrow();
  });

  it('hands what it does not cover to the fallback fetch', async () => {
    const form = new FormData();
    form.set('file', 'content');
    expect(await (await requestFetch(`${base}/echo`, { method: 'POST', body: form })).text()).toBe('from the fallback');
    expect(await (await requestFetch(new Request(`${base}/echo`))).text()).toBe('from the fallback');
    expect(fallback).toHaveBeenCalledTimes(2);
  });

  it('reads an error reply sent in parts, and a cancel while the server still sends is quiet', async () => {
    const refused = await requestFetch(`${base}/refused`, { method: 'POST', body: '{}' });
    expect([refused.status, await refused.json()]).toEqual([401, { error: { message: 'Incorrect API key', code: 'invalid_api_key' } }]);
    const cancelled = await requestFetch(`${base}/refused`, { method: 'POST', body: '{}' });
    const reader = cancelled.body!.getReader();
    await reader.read();
    await reader.cancel();
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(await reader.closed).toBeUndefined();
  });
});

describe('webStreamOf', () => {
  it('ignores whatever the source emits after the stream closed, failed or was cancelled', async () => {
    for (const ending of ['end', 'error', 'cancel'] as const) {
      const source = new EventEmitter() as EventEmitter & { pause(): void; resume(): void; destroy(): void };
      source.pause = source.resume = source.destroy = () => {};
      const stream = webStreamOf(source as unknown as Readable);
      const reader = stream.getReader();
      source.emit('data', Buffer.from('a'));
      expect(new TextDecoder().decode((await reader.read()).value)).toBe('a');
      if (ending === 'end') source.emit('end');
      if (ending === 'error') source.emit('error', new Error('reset'));
      if (ending === 'cancel') await reader.cancel();
      expect(() => {
        source.emit('data', Buffer.from('late'));
        source.emit('end');
        source.emit('error', new Error('late'));
      }).not.toThrow();
      if (ending === 'end') expect((await reader.read()).done).toBe(true);
      if (ending === 'error') await expect(reader.read()).rejects.toThrow('reset');
    }
  });

  it('hands over what arrived before an error, then the error', async () => {
    const source = new PassThrough();
    const reader = webStreamOf(source).getReader();
    source.write('This ');
    source.write('reply will');
    await new Promise((resolve) => setImmediate(resolve));
    source.destroy(new Error('other side closed'));
    await new Promise((resolve) => setImmediate(resolve));
    let text = '';
    await expect(
      (async () => {
        for (let part = await reader.read(); !part.done; part = await reader.read()) text += new TextDecoder().decode(part.value);
      })(),
    ).rejects.toThrow('other side closed');
    expect(text).toBe('This reply will');
  });

  it('pauses the source while the reader is far behind, and delivers everything once it reads', async () => {
    const source = new PassThrough();
    const stream = webStreamOf(source);
    for (let index = 0; index < 100; index += 1) source.write(`${index},`);
    source.end();
    await new Promise((resolve) => setImmediate(resolve));
    expect(source.isPaused()).toBe(true);
    expect(await new Response(stream).text()).toBe(Array.from({ length: 100 }, (_, index) => `${index},`).join(''));
  });
});
