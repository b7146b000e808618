import { sniffLength } from './file-signature.js';

/**
 * The first `sniffLength` bytes of a stream (or all of it when it is smaller), kept as the chunks they
 * came in, for deciding a file's type before it is stored; `done` says the stream ended within them.
 */
export async function readHead(chunks: AsyncIterator<Buffer>): Promise<{ chunks: Buffer[]; done: boolean }> {
  const head: Buffer[] = [];
  let bytes = 0;
  while (bytes < sniffLength) {
    const next = await chunks.next();
    if (next.done) return { chunks: head, done: true };
    head.push(next.value);
    bytes += next.value.length;
  }
  return { chunks: head, done: false };
}
