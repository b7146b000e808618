/** Bytes `start`…`end` of a file, both inclusive, as an HTTP `Content-Range` counts them. */
export interface SatisfiableRange {
  start: number;
  end: number;
}

/**
 * One `Range: bytes=…` header against a file of `size` bytes (RFC 9110 §14): `a-b`, `a-` or the
 * suffix `-n`; an end past the file is cut to its last byte. `unsatisfiable` when no byte of the file
 * is asked for (answered 416); `null` when the header is absent or not one byte range this reads (several
 * ranges, other units, a reversed range): the whole file is sent then, as the RFC allows and S3 does.
 */
export function parseByteRange(header: string | undefined, size: number): SatisfiableRange | 'unsatisfiable' | null {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  if (match[2] !== '' && Number(match[2]) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1) };
}
