import type { ToolContext } from '../../../core/plugin-api/index.js';

/**
 * Why a fetch failed, in words for the model and the user: fetch wraps the reason (the SSRF guard's
 * refusal, a refused connection, a DNS miss) in a bare "fetch failed", so the innermost cause is told.
 */
export function fetchFailureMessage(error: unknown, target: string): string {
  let root = error;
  while (root instanceof Error && root.cause instanceof Error) root = root.cause;
  const reason = root instanceof Error ? root.message : String(root);
  return `could not reach ${target}: ${reason}`;
}

/** fetchFailureMessage as an Error that keeps the original as its cause. */
export function describeFetchFailure(error: unknown, target: string): Error {
  return new Error(fetchFailureMessage(error, target), { cause: error });
}

/**
 * The tool's guarded fetch with the turn's signal: a stop is rethrown as it is (nobody reads its
 * message), any other failure becomes describeFetchFailure's Error naming `target`.
 */
export async function fetchOrDescribe(context: ToolContext, input: string | URL, init: RequestInit, target: string): Promise<Response> {
  try {
    return await context.fetch(input, { ...init, signal: context.signal });
  } catch (error) {
    if (context.signal.aborted) throw error;
    throw describeFetchFailure(error, target);
  }
}
