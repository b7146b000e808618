import { randomBytes } from 'node:crypto';

/** A file part whose bytes are read from `content` while the request is sent. */
export interface StreamedFilePart {
  name: string;
  fileName: string;
  mediaType: string;
  content: AsyncIterable<Uint8Array>;
}

const encoder = new TextEncoder();

/** A header value in quotes as browsers write it (WHATWG FormData): quotes and line breaks escaped, UTF-8 kept. */
function quoted(value: string): string {
  return `"${value.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A')}"`;
}

/**
 * A multipart/form-data body produced as it is read: the text fields, then one file whose bytes are
 * pulled from its source only when the connection wants more, so a large upload is never held in
 * memory (FormData needs a Blob, which Node builds from bytes already in memory). The length is
 * unknown, so the request goes out chunked.
 */
export function multipartStream(fields: Record<string, string>, file: StreamedFilePart): { contentType: string; body: ReadableStream<Uint8Array> } {
  const boundary = `----chatbox${randomBytes(16).toString('hex')}`;
  const head =
    Object.entries(fields)
      .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name=${quoted(name)}\r\n\r\n${value}\r\n`)
      .join('') +
    `--${boundary}\r\nContent-Disposition: form-data; name=${quoted(file.name)}; filename=${quoted(file.fileName)}\r\n` +
    `Content-Type: ${file.mediaType}\r\n\r\n`;
  let source: AsyncIterator<Uint8Array> | undefined;
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    body: new ReadableStream<Uint8Array>(
      {
        start(controller) {
          controller.enqueue(encoder.encode(head));
        },
        async pull(controller) {
          source ??= file.content[Symbol.asyncIterator]();
          const next = await source.next();
          if (next.done) {
            controller.enqueue(encoder.encode(`\r\n--${boundary}--\r\n`));
            controller.close();
          } else {
            controller.enqueue(next.value);
          }
        },
        async cancel() {
          // The request failed or was aborted: let the source close its file.
          await source?.return?.();
        },
      },
      { highWaterMark: 0 },
    ),
  };
}
