// The built-in patterns are part of the wire: the UI checks files against them before uploading.
export { applicationMimeTypes, defaultSupportedMimeTypes, excelMimeTypes, imageMimeTypes, textMimeTypes } from '../protocol/files.js';

/**
 * Turns yaml pattern sources into RegExps. A source that is not a regular expression is skipped, and
 * `warn` is told which one, so one typo costs that pattern, not the server's start (as in LibreChat).
 */
export function compileMimePatterns(sources: readonly string[], warn: (message: string) => void): RegExp[] {
  const patterns: RegExp[] = [];
  for (const source of sources) {
    try {
      patterns.push(new RegExp(source));
    } catch {
      warn(`fileConfig: the MIME pattern "${source}" is not a valid regular expression and is skipped`);
    }
  }
  return patterns;
}

/** True when one of `patterns` accepts `mimeType` (LibreChat's `checkType`). */
export function isMimeTypeSupported(mimeType: string, patterns: readonly RegExp[]): boolean {
  return patterns.some((pattern) => pattern.test(mimeType));
}
