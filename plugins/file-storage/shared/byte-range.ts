import type { ByteRange } from '../../../core/plugin-api/index.js';

/**
 * The bytes `range.start`..`range.end` (inclusive) of a stream, for backends whose SDK reads a file
 * from its start only: the bytes before `start` are read and dropped, and reading stops after `end`.
 */
export async function* sliceStream(source: AsyncIterable<Uint8Array>, range: ByteRange): AsyncGenerator<Uint8Array> {
  const end = range.end ?? Number.POSITIVE_INFINITY;
  let offset = 0;
  for await (const chunk of source) {
    const chunkStart = offset;
    offset += chunk.length;
    if (offset <= range.start) continue;
    const from = Math.max(range.start - chunkStart, 0);
    const to = Math.min(end + 1 - chunkStart, chunk.length);
    if (to > from) yield chunk.subarray(from, to);
    if (offset > end) return;
  }
}

/**
 * The chunks of a web ReadableStream (what SDKs built on fetch answer) as an async iterable; an abort
 * of `signal`, or the consumer stopping early, cancels the stream and so the download.
 */
export async function* webStreamChunks(stream: ReadableStream<Uint8Array>, signal?: AbortSignal): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader();
  const cancel = () => void reader.cancel(signal?.reason).catch(() => undefined);
  signal?.addEventListener('abort', cancel, { once: true });
  try {
    for (;;) {
      signal?.throwIfAborted();
      const { done, value } = await reader.read();
      // Cancelling ends a pending read as `done`: an aborted download must fail, not look complete.
      signal?.throwIfAborted();
      if (done) return;
      yield value;
    }
  } finally {
    signal?.removeEventListener('abort', cancel);
    await reader.cancel().catch(() => undefined);
  }
}
