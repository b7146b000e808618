import { createHash } from 'node:crypto';

// A fixed namespace of chatbox's own, so these ids never collide with UUIDv5s minted elsewhere.
const importNamespace = Buffer.from('6f1d3c2a8b7e4f0d9a5c1e2b3d4f5a6b', 'hex');

/**
 * A UUIDv5 (RFC 9562: SHA-1 of a namespace and a name) of the given parts. Imports derive their ids
 * with it, so importing the same file again yields the same ids and finds what is already there.
 */
export function stableId(...parts: string[]): string {
  const hash = createHash('sha1').update(importNamespace).update(parts.join('\u0000')).digest();
  const bytes = hash.subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
