/**
 * One folder or file name: no separators, not `.`/`..`, not hidden (local temporary names start with a
 * dot), no NUL. Every storage checks user ids and file names with it, so a path or key never leaves its
 * user's folder or prefix.
 */
export function isPlainSegment(segment: string): boolean {
  return segment !== '' && !segment.startsWith('.') && !/[/\\\0]/.test(segment);
}
