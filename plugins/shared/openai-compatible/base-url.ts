/**
 * LibreChat accepts a baseURL that already carries the operation path (its serverless Azure example
 * ends in `/v1/chat/completions`); the SDK appends the path itself, so it is cut here, with any query.
 */
export function stripOperationPath(url: string): string {
  return url.replace(/\?.*$/, '').replace(/\/(chat\/)?completions\/?$/, '').replace(/\/+$/, '');
}
