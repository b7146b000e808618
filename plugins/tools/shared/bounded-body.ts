/** A response body larger than a tool is willing to read. */
export class BodyTooLargeError extends Error {
  override name = 'BodyTooLargeError';
}

/**
 * Reads at most `maxBytes` of a response body, cancelling the stream as soon as it passes: a page,
 * an image or a service's answer must not fill the server's memory. `complete` says whether the
 * whole body fit; `signal` (the turn's) is checked between chunks.
 */
export async function readBodyPrefix(response: Response, maxBytes: number, signal?: AbortSignal): Promise<{ bytes: Uint8Array; complete: boolean }> {
  if (!response.body) return { bytes: new Uint8Array(), complete: true };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    signal?.throwIfAborted();
    const { done, value } = await reader.read();
    if (done) return { bytes: Buffer.concat(chunks), complete: true };
    total += value.byteLength;
    chunks.push(value);
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return { bytes: Buffer.concat(chunks).subarray(0, maxBytes), complete: false };
    }
  }
}

/**
 * Reads a whole response body of at most `maxBytes`, refusing a larger one with BodyTooLargeError (a
 * declared Content-Length too large is refused before reading): a page or an image cut short is no
 * page or image.
 */
export async function readBoundedBody(response: Response, maxBytes: number, what = 'the response'): Promise<Uint8Array> {
  const tooLarge = () => new BodyTooLargeError(`${what} is larger than ${Math.round(maxBytes / 1024)} KB`);
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  const { bytes, complete } = await readBodyPrefix(response, maxBytes);
  if (!complete) throw tooLarge();
  return bytes;
}
