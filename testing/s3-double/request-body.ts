import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { crc32 } from 'node:zlib';
import { S3Error } from './s3-error.js';

/**
 * The bytes of a request's payload, decoded and checked as S3 does: `aws-chunked` bodies (what the
 * SDK sends when it streams with a trailing checksum, signed or not) are unwrapped, a hex
 * `x-amz-content-sha256` must match the bytes, and a CRC32 checksum (header or trailer) must too.
 */
export async function readPayload(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  const raw = Buffer.concat(chunks);
  const declaredHash = String(request.headers['x-amz-content-sha256'] ?? '');
  const chunked = declaredHash.startsWith('STREAMING-') || String(request.headers['content-encoding'] ?? '').includes('aws-chunked');
  const { body, trailers } = chunked ? decodeAwsChunked(raw) : { body: raw, trailers: new Map<string, string>() };

  const decodedLength = request.headers['x-amz-decoded-content-length'];
  if (chunked && decodedLength !== undefined && Number(decodedLength) !== body.length) {
    throw new S3Error(400, 'IncompleteBody', 'You did not provide the number of bytes specified by the Content-Length HTTP header.');
  }
  if (/^[0-9a-f]{64}$/.test(declaredHash) && createHash('sha256').update(body).digest('hex') !== declaredHash) {
    throw new S3Error(400, 'XAmzContentSHA256Mismatch', 'The provided \'x-amz-content-sha256\' header does not match what was computed.');
  }
  const declaredCrc = trailers.get('x-amz-checksum-crc32') ?? request.headers['x-amz-checksum-crc32'];
  if (typeof declaredCrc === 'string') {
    const actual = Buffer.alloc(4);
    actual.writeUInt32BE(crc32(body));
    if (actual.toString('base64') !== declaredCrc) throw new S3Error(400, 'BadDigest', 'The CRC32 you specified did not match the calculated checksum.');
  }
  return body;
}

/** `<hex size>[;chunk-signature=…]\r\n<bytes>\r\n` … `0…\r\n[trailer: value\r\n]*\r\n`. */
function decodeAwsChunked(raw: Buffer): { body: Buffer; trailers: Map<string, string> } {
  const parts: Buffer[] = [];
  const trailers = new Map<string, string>();
  const malformed = () => new S3Error(400, 'IncompleteBody', 'The aws-chunked body is malformed.');
  let offset = 0;
  for (;;) {
    const lineEnd = raw.indexOf('\r\n', offset);
    if (lineEnd === -1) throw malformed();
    const size = Number.parseInt(raw.subarray(offset, lineEnd).toString('latin1').split(';')[0], 16);
    if (!Number.isFinite(size) || size < 0) throw malformed();
    offset = lineEnd + 2;
    if (size === 0) break;
    if (offset + size + 2 > raw.length) throw malformed();
    parts.push(raw.subarray(offset, offset + size));
    offset += size + 2;
  }
  for (;;) {
    const lineEnd = raw.indexOf('\r\n', offset);
    if (lineEnd === -1 || lineEnd === offset) break;
    const line = raw.subarray(offset, lineEnd).toString('latin1');
    const colon = line.indexOf(':');
    if (colon > 0) trailers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
    offset = lineEnd + 2;
  }
  return { body: Buffer.concat(parts), trailers };
}
