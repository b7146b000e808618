/**
 * At most `size` programs at once; the others wait their turn in order. Each run is a process of
 * about 200 MB, so a burst of calls queues instead of exhausting the host's memory.
 */
export function createRunSlots(size: number) {
  let running = 0;
  const waiting: Array<() => void> = [];

  function release(): void {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }

  return {
    /** Resolves with the release function once a slot is free; rejects if the signal fires first. */
    acquire(signal?: AbortSignal): Promise<() => void> {
      if (running < size) {
        running += 1;
        return Promise.resolve(once(release));
      }
      return new Promise((resolve, reject) => {
        const onAbort = () => {
          waiting.splice(waiting.indexOf(grant), 1);
          reject(new Error('The run was stopped.'));
        };
        // A freed slot passes straight to the next waiter: `running` stays as it is.
        const grant = () => {
          signal?.removeEventListener('abort', onAbort);
          resolve(once(release));
        };
        waiting.push(grant);
        signal?.addEventListener('abort', onAbort, { once: true });
      });
    },
  };
}

function once(action: () => void): () => void {
  let done = false;
  return () => {
    if (!done) {
      done = true;
      action();
    }
  };
}
