/** A response body larger than a tool is willing to read. */
export class BodyTooLargeError extends Error {
  override name = 'BodyTooLargeError';
}

/**
 * Reads a response body up to `maxBytes`, cancelling the stream as soon as it passes (a declared
 * Content-Length too large is refused before reading): a page or an image a model pointed at must
 * not fill the server's memory.
 */
export async function readBoundedBody(response: Response, maxBytes: number, what = 'the response'): Promise<Uint8Array> {
  const tooLarge = () => new BodyTooLargeError(`${what} is larger than ${Math.round(maxBytes / 1024)} KB`);
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  if (!response.body) return new Uint8Array();
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
