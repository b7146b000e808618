/**
 * LibreChat's built-in MIME patterns (packages/data-provider/src/file-config.ts at v0.7.1): an endpoint
 * without its own `supportedMimeTypes` accepts exactly these.
 */
export const textMimeTypes = /^(text\/(x-c|x-c\+\+|x-java|html|markdown|x-php|x-python|x-script\.python|x-ruby|x-tex|plain|css|javascript|csv))$/;
export const excelMimeTypes =
  /^application\/(vnd\.ms-excel|msexcel|x-msexcel|x-ms-excel|x-excel|x-dos_ms_excel|xls|x-xls|vnd\.openxmlformats-officedocument\.spreadsheetml\.sheet)$/;
export const applicationMimeTypes =
  /^(application\/(epub\+zip|csv|json|pdf|x-tar|typescript|vnd\.openxmlformats-officedocument\.(wordprocessingml\.document|presentationml\.presentation|spreadsheetml\.sheet)|xml|zip))$/;
export const imageMimeTypes = /^image\/(jpeg|gif|png|webp)$/;

export const defaultSupportedMimeTypes: readonly RegExp[] = [textMimeTypes, excelMimeTypes, applicationMimeTypes, imageMimeTypes];

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
