/** Runs `callback` on the next animation frame, or after `fallbackMs` where frames stall (hidden tab). */
export type Scheduler = (callback: () => void) => () => void;

export const animationFrameScheduler =
  (fallbackMs = 250): Scheduler =>
  (callback) => {
    let done = false;
    const run = () => {
      if (done) return;
      done = true;
      callback();
    };
    const frame = typeof requestAnimationFrame === 'function' ? requestAnimationFrame(run) : undefined;
    const timer = setTimeout(run, fallbackMs);
    return () => {
      done = true;
      if (frame !== undefined) cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  };

export interface FrameBatcher<T> {
  /** Keeps `value` as the latest; it is applied at the next frame, together with nothing older. */
  push(value: T): void;
  /** Applies a pending value now (before a frame that must come after it, such as `final`). */
  flush(): void;
  /** Drops a pending value. */
  cancel(): void;
}

/**
 * Streaming sends dozens of cumulative frames a second; the screen needs at most one update per
 * animation frame, and only the newest frame matters because each one carries the whole text.
 */
export function createFrameBatcher<T>(apply: (value: T) => void, schedule: Scheduler = animationFrameScheduler()): FrameBatcher<T> {
  let pending: { value: T } | null = null;
  let cancelScheduled: (() => void) | null = null;

  const flush = () => {
    cancelScheduled?.();
    cancelScheduled = null;
    if (!pending) return;
    const { value } = pending;
    pending = null;
    apply(value);
  };

  return {
    push(value) {
      pending = { value };
      cancelScheduled ??= schedule(flush);
    },
    flush,
    cancel() {
      cancelScheduled?.();
      cancelScheduled = null;
      pending = null;
    },
  };
}
