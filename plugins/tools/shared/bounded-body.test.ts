import { describe, expect, it } from 'vitest';
import { BodyTooLargeError, readBodyPrefix, readBoundedBody } from './bounded-body.js';

/** A response streamed in `chunks` pieces of `size` bytes, counting how many were pulled. */
function streamedResponse(chunks: number, size: number, headers: Record<string, string> = {}) {
  const pulled = { count: 0, cancelled: false };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled.count === chunks) return controller.close();
      pulled.count += 1;
      controller.enqueue(new Uint8Array(size).fill(pulled.count));
    },
    cancel() {
      pulled.cancelled = true;
    },
  });
  return { response: new Response(body, { headers }), pulled };
}

describe('readBodyPrefix', () => {
  it('reads a body that fits whole', async () => {
    const { response } = streamedResponse(3, 10);
    const { bytes, complete } = await readBodyPrefix(response, 30);
    expect(complete).toBe(true);
    expect(bytes).toHaveLength(30);
  });

  it('cuts a larger body at the limit and stops reading it', async () => {
    const { response, pulled } = streamedResponse(100, 10);
    const { bytes, complete } = await readBodyPrefix(response, 25);
    expect(complete).toBe(false);
    expect([...bytes]).toEqual([...new Uint8Array(10).fill(1), ...new Uint8Array(10).fill(2), ...new Uint8Array(5).fill(3)]);
    expect(pulled.cancelled).toBe(true);
    expect(pulled.count).toBeLessThan(10);
  });

  it('stops when the signal fires', async () => {
    const { response } = streamedResponse(3, 10);
    await expect(readBodyPrefix(response, 100, AbortSignal.abort())).rejects.toThrow();
  });
});

describe('readBoundedBody', () => {
  it('refuses a body larger than the limit, saying what it was', async () => {
    const { response, pulled } = streamedResponse(100, 1024);
    await expect(readBoundedBody(response, 2048, 'the page')).rejects.toThrow(new BodyTooLargeError('the page is larger than 2 KB'));
    expect(pulled.cancelled).toBe(true);
  });

  it('refuses a declared Content-Length over the limit before reading', async () => {
    const { response, pulled } = streamedResponse(1, 10, { 'content-length': '5000' });
    await expect(readBoundedBody(response, 2048)).rejects.toThrow('the response is larger than 2 KB');
    expect(pulled.count).toBe(0);
  });

  it('answers a body within the limit', async () => {
    const { response } = streamedResponse(2, 1024);
    expect(await readBoundedBody(response, 2048)).toHaveLength(2048);
  });
});
