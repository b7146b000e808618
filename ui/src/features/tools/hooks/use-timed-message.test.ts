import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PLUGIN_ERROR_DURATION, useTimedMessage } from './use-timed-message.js';

afterEach(() => vi.useRealTimers());

describe('useTimedMessage', () => {
  it('hides the plugin error 5 s after it was shown, counting again from a newer one', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useTimedMessage());
    act(() => result.current.show('Invalid key'));
    act(() => vi.advanceTimersByTime(PLUGIN_ERROR_DURATION - 1));
    expect(result.current.message).toBe('Invalid key');
    act(() => result.current.show('Still invalid'));
    act(() => vi.advanceTimersByTime(PLUGIN_ERROR_DURATION - 1));
    expect(result.current.message).toBe('Still invalid');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.message).toBeNull();
    expect(PLUGIN_ERROR_DURATION).toBe(5_000);
  });
});
