/**
 * Why a fetch failed, in words for the model and the user: fetch wraps the reason (the SSRF guard's
 * refusal, a refused connection, a DNS miss) in a bare "fetch failed", so the innermost cause is told.
 */
export function describeFetchFailure(error: unknown, target: string): Error {
  let root = error;
  while (root instanceof Error && root.cause instanceof Error) root = root.cause;
  const reason = root instanceof Error ? root.message : String(root);
  return new Error(`could not reach ${target}: ${reason}`, { cause: error });
}
