import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { usePanelLayout } from './use-panel-layout.js';

const stored = (key: string) => window.localStorage.getItem(key);

describe('usePanelLayout', () => {
  it('starts collapsed to the default [97, 3] strip on the files panel', () => {
    const { result } = renderHook(() => usePanelLayout(false));
    expect(result.current.mode).toBe('collapsed');
    expect(result.current.width).toBe(3);
    expect(result.current.activePanel).toBe('files');
  });

  it('restores the remembered layout, collapsed flag and active panel', () => {
    window.localStorage.setItem('react-resizable-panels:layout', '[68,32]');
    window.localStorage.setItem('react-resizable-panels:collapsed', 'false');
    window.localStorage.setItem('side:active-panel', 'assistants');
    const { result } = renderHook(() => usePanelLayout(false));
    expect(result.current).toMatchObject({ mode: 'open', width: 32, activePanel: 'assistants' });
  });

  it('saves the layout once, 350 ms after the last change', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => usePanelLayout(false));
    act(() => result.current.expand());
    act(() => result.current.resize(30));
    act(() => vi.advanceTimersByTime(200));
    act(() => result.current.resize(33));
    act(() => vi.advanceTimersByTime(349));
    expect(stored('react-resizable-panels:layout')).not.toBe('[67,33]');
    act(() => vi.advanceTimersByTime(1));
    expect(stored('react-resizable-panels:layout')).toBe('[67,33]');
    expect(stored('react-resizable-panels:collapsed')).toBe('false');
  });

  it('collapses when dragged below the snap point and reopens at the previous width', () => {
    window.localStorage.setItem('react-resizable-panels:layout', '[70,30]');
    window.localStorage.setItem('react-resizable-panels:collapsed', 'false');
    const { result } = renderHook(() => usePanelLayout(false));
    act(() => result.current.resize(5));
    expect(result.current).toMatchObject({ mode: 'collapsed', width: 3 });
    expect(stored('react-resizable-panels:collapsed')).toBe('true');
    act(() => result.current.expand());
    expect(result.current).toMatchObject({ mode: 'open', width: 30 });
  });

  it('hides fully and remembers it; expanding clears the flag', () => {
    const { result } = renderHook(() => usePanelLayout(false));
    act(() => result.current.hide());
    expect(result.current.mode).toBe('hidden');
    expect(stored('fullPanelCollapse')).toBe('true');
    act(() => result.current.expand());
    expect(result.current.mode).toBe('open');
    expect(stored('fullPanelCollapse')).toBe('false');
  });

  it('selecting a panel opens it and is remembered', () => {
    const { result } = renderHook(() => usePanelLayout(false));
    act(() => result.current.selectPanel('assistants'));
    expect(result.current).toMatchObject({ mode: 'open', activePanel: 'assistants' });
    expect(stored('side:active-panel')).toBe('assistants');
  });

  it('fully collapses on a small screen, where opening it overlays the chat', () => {
    window.localStorage.setItem('react-resizable-panels:collapsed', 'false');
    const { result, rerender } = renderHook(({ small }) => usePanelLayout(small), { initialProps: { small: false } });
    act(() => result.current.expand());
    expect(result.current.mode).toBe('open');
    rerender({ small: true });
    expect(result.current.mode).toBe('hidden');
    expect(stored('fullPanelCollapse')).toBe('true');
    act(() => result.current.expand());
    expect(result.current).toMatchObject({ mode: 'overlay', width: 0 });
  });

  it('starts fully collapsed on a small screen whatever was stored', () => {
    window.localStorage.setItem('fullPanelCollapse', 'false');
    const { result } = renderHook(() => usePanelLayout(true));
    expect(result.current.mode).toBe('hidden');
  });
});

describe('usePanelLayout storage', () => {
  it('writes nothing until something changes', () => {
    vi.useFakeTimers();
    renderHook(() => usePanelLayout(false));
    act(() => vi.advanceTimersByTime(1000));
    expect(Object.keys(window.localStorage)).toEqual([]);
  });
});
