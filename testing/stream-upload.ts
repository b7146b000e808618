import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';

/**
 * Streams a multipart upload of `totalBytes` over real HTTP, honouring backpressure, and reports how
 * much the client got to send before the answer came. Proves the server stops at the limit instead
 * of reading (or storing) the whole body.
 */
export function streamUpload(port: number, token: string, totalBytes: number, options: { abortAfterBytes?: number } = {}): Promise<{ status: number; body: string; bytesSent: number }> {
  const boundary = `chatbox${randomUUID()}`;
  const head = [
    `--${boundary}\r\nContent-Disposition: form-data; name="endpoint"\r\n\r\nopenAI\r\n`,
    `--${boundary}\r\nContent-Disposition: form-data; name="file_id"\r\n\r\n${randomUUID()}\r\n`,
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.txt"\r\nContent-Type: text/plain\r\n\r\n`,
  ].join('');
  const chunk = Buffer.alloc(256 * 1024, 'a');
  return new Promise((resolve, reject) => {
    let bytesSent = 0;
    let answered = false;
    const request = httpRequest({ port, method: 'POST', path: '/api/files', headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` } });
    request.on('response', (response) => {
      answered = true;
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (text: string) => (body += text));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body, bytesSent }));
    });
    // The server closing mid-upload is the point; only an error before any answer fails the test.
    request.on('error', (error) => {
      if (!answered) reject(error);
    });
    request.write(head);
    const writeMore = (): void => {
      while (!answered && !request.destroyed && bytesSent < totalBytes) {
        if (options.abortAfterBytes !== undefined && bytesSent >= options.abortAfterBytes) {
          request.destroy();
          return resolve({ status: 0, body: '', bytesSent });
        }
        bytesSent += chunk.length;
        if (!request.write(chunk)) return void request.once('drain', writeMore);
      }
      if (!answered && !request.destroyed) request.end(`\r\n--${boundary}--\r\n`);
    };
    writeMore();
  });
}
