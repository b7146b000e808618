import { fireEvent, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TwoStepButton } from './two-step-button.js';

function setup() {
  const onConfirm = vi.fn();
  const onOuterEscape = vi.fn();
  render(
    <div onKeyDown={(event) => event.key === 'Escape' && onOuterEscape()}>
      <p>elsewhere</p>
      <TwoStepButton label="Clear" confirmLabel="Confirm clear" onConfirm={onConfirm} />
    </div>,
  );
  return { onConfirm, onOuterEscape, user: userEvent.setup() };
}

describe('TwoStepButton', () => {
  it('arms on the first click and runs on the second', async () => {
    const { onConfirm, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(onConfirm).not.toHaveBeenCalled();
    const armed = screen.getByRole('button', { name: 'Confirm clear' });
    expect(armed).toHaveAccessibleDescription('Click again to confirm. Press Escape to cancel.');
    await user.click(armed);
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Clear' })).toBeInTheDocument();
  });

  it('disarms on a click outside', async () => {
    const { onConfirm, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    fireEvent.pointerDown(screen.getByText('elsewhere'));
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Confirm clear' })).toBeInTheDocument();
  });

  it('disarms on Escape without letting it close what surrounds it; unarmed, Escape passes through', async () => {
    const { onConfirm, onOuterEscape, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Clear' })).toHaveFocus();
    expect(onOuterEscape).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    expect(onOuterEscape).toHaveBeenCalledTimes(1);
    await user.keyboard('{Enter}{Enter}');
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});
