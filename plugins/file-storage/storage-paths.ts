/**
 * One folder or file name of a stored path: no separators, not `.`/`..`, not hidden (temporary names
 * start with a dot), no NUL. Every file storage keeps each user's files under `<userId>/<fileName>`
 * and checks both with this, so neither a crafted user id nor a stored path reaches another user's files.
 */
export function isPlainSegment(segment: string): boolean {
  return segment !== '' && !segment.startsWith('.') && !/[/\\\0]/.test(segment);
}
