/** The `code` of a Node system error (EADDRINUSE, ENOENT …), or undefined for anything else. */
export function systemErrorCode(error: unknown): string | undefined {
  return error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
}
