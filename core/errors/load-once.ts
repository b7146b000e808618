/**
 * A package chatbox loads when its feature is first used (to keep the idle server small) could not
 * be loaded: not installed, or its native part missing for this platform. Callers that turn their
 * own failures into a user's 4xx let this one through, so it is logged as the server's fault.
 */
export class PackageLoadError extends Error {
  readonly packageName: string;

  constructor(packageName: string, cause: unknown) {
    super(`chatbox could not load the package ${packageName}: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'PackageLoadError';
    this.packageName = packageName;
  }
}

/**
 * Loads a heavy package on first use instead of at start: every call shares the first load; a load
 * that failed throws PackageLoadError and is tried again on the next call.
 */
export function loadOnce<T>(packageName: string, load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw new PackageLoadError(packageName, error);
    }));
}
