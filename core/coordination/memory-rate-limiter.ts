/**
 * A fixed-window counter per key, in memory: limits are per process, like LibreChat's default.
 * Expired windows are swept lazily so the map cannot grow without bound.
 */
export interface RateLimiter {
  /** Counts one hit; `allowed` is false once the window's max is exceeded. */
  hit(key: string, now?: number): { allowed: boolean; remaining: number; resetAt: number };
  reset(key: string): void;
}

export function createRateLimiter(options: { max: number; windowMs: number }): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let nextSweep = 0;

  function sweep(now: number): void {
    if (now < nextSweep) return;
    nextSweep = now + options.windowMs;
    for (const [key, window] of windows) if (window.resetAt <= now) windows.delete(key);
  }

  return {
    hit(key, now = Date.now()) {
      sweep(now);
      let window = windows.get(key);
      if (!window || window.resetAt <= now) {
        window = { count: 0, resetAt: now + options.windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      return { allowed: window.count <= options.max, remaining: Math.max(0, options.max - window.count), resetAt: window.resetAt };
    },
    reset(key) {
      windows.delete(key);
    },
  };
}
