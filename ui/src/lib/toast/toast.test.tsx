import { act, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from './toast-provider.js';
import { useToast } from './toast-context.js';
import type { ToastOptions } from './toast-store.js';

function Trigger({ options }: { options: ToastOptions }) {
  const { showToast } = useToast();
  return (
    <button type="button" onClick={() => showToast(options)}>
      raise
    </button>
  );
}

function renderWith(options: ToastOptions) {
  render(
    <ToastProvider>
      <Trigger options={options} />
    </ToastProvider>,
  );
  act(() => screen.getByRole('button', { name: 'raise' }).click());
}

describe('toasts', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows after the 100 ms delay and leaves after the default 3000 ms', () => {
    renderWith({ message: 'Saved' });
    const toast = screen.getByRole('status');
    expect(toast).toHaveTextContent('Saved');
    expect(toast).toHaveClass('opacity-0');
    act(() => vi.advanceTimersByTime(100));
    expect(screen.getByRole('status')).toHaveClass('opacity-100');
    act(() => vi.advanceTimersByTime(2899));
    expect(screen.getByText('Saved')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
  });

  it('honours a custom duration such as the 750 ms preset toast, without an icon', () => {
    renderWith({ message: 'Active!', duration: 750, showIcon: false });
    expect(screen.getByRole('status').querySelector('svg[class*="size-5"]')).toBeNull();
    act(() => vi.advanceTimersByTime(749));
    expect(screen.getByText('Active!')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Active!')).not.toBeInTheDocument();
  });

  it.each([
    ['error', 'alert'],
    ['warning', 'status'],
    ['info', 'status'],
    ['success', 'status'],
  ] as const)('announces %s toasts as %s', (severity, role) => {
    renderWith({ message: `A ${severity}`, severity });
    expect(screen.getByRole(role)).toHaveAttribute('data-severity', severity);
  });

  it('keeps at most three and can be dismissed by hand', async () => {
    vi.useRealTimers();
    render(
      <ToastProvider>
        <Trigger options={{ message: 'Hello' }} />
      </ToastProvider>,
    );
    const user = userEvent.setup();
    for (let index = 0; index < 5; index += 1) await user.click(screen.getByRole('button', { name: 'raise' }));
    expect(screen.getAllByText('Hello')).toHaveLength(3);
    await user.click(screen.getAllByRole('button', { name: 'Dismiss' })[0]!);
    expect(screen.getAllByText('Hello')).toHaveLength(2);
  });
});
