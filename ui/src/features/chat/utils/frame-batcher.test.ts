import { describe, expect, it, vi } from 'vitest';
import { animationFrameScheduler, createFrameBatcher, type Scheduler } from './frame-batcher.js';

function manualScheduler() {
  const queue: Array<() => void> = [];
  const schedule: Scheduler = (callback) => {
    queue.push(callback);
    return () => queue.splice(queue.indexOf(callback) >>> 0, 1);
  };
  return { schedule, tick: () => queue.splice(0).forEach((callback) => callback()), pending: () => queue.length };
}

describe('frame batcher', () => {
  it('applies only the newest of many frames, once per animation frame', () => {
    const frames = manualScheduler();
    const apply = vi.fn();
    const batcher = createFrameBatcher<string>(apply, frames.schedule);
    for (const text of ['H', 'He', 'Hel', 'Hell', 'Hello']) batcher.push(text);
    expect(apply).not.toHaveBeenCalled();
    expect(frames.pending()).toBe(1);
    frames.tick();
    expect(apply.mock.calls).toEqual([['Hello']]);
    batcher.push('Hello!');
    frames.tick();
    frames.tick();
    expect(apply.mock.calls).toEqual([['Hello'], ['Hello!']]);
  });

  it('flushes a pending frame at once (before final) and then has nothing left', () => {
    const frames = manualScheduler();
    const apply = vi.fn();
    const batcher = createFrameBatcher<string>(apply, frames.schedule);
    batcher.push('partial');
    batcher.flush();
    expect(apply.mock.calls).toEqual([['partial']]);
    expect(frames.pending()).toBe(0);
    batcher.flush();
    expect(apply).toHaveBeenCalledTimes(1);
  });

  it('drops a pending frame on cancel (stop pressed)', () => {
    const frames = manualScheduler();
    const apply = vi.fn();
    const batcher = createFrameBatcher<string>(apply, frames.schedule);
    batcher.push('late');
    batcher.cancel();
    frames.tick();
    expect(apply).not.toHaveBeenCalled();
  });

  it('uses animation frames with a timer fallback for hidden tabs', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestAnimationFrame', () => 1);
    vi.stubGlobal('cancelAnimationFrame', () => undefined);
    const apply = vi.fn();
    const batcher = createFrameBatcher<number>(apply, animationFrameScheduler(250));
    batcher.push(1);
    batcher.push(2);
    vi.advanceTimersByTime(249);
    expect(apply).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(apply.mock.calls).toEqual([[2]]);
  });
});
