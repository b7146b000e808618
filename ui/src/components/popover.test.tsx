import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { Popover } from './popover.js';

function renderPopover(headerAction?: ReactNode) {
  render(
    <>
      <Popover
        label="Presets"
        trigger={<span>icon</span>}
        triggerClassName="flex"
        initialFocus="[data-first]"
        panelClassName="w-96"
        subtitle={headerAction ? 'Default: none' : undefined}
        headerAction={headerAction}
      >
        {({ dismiss }) => (
          <>
            <button type="button" data-first="">
              First
            </button>
            <button type="button" onClick={dismiss}>
              Choose
            </button>
          </>
        )}
      </Popover>
      <button type="button">Outside</button>
    </>,
  );
  return { user: userEvent.setup(), trigger: screen.getByRole('button', { name: 'Presets' }) };
}

describe('Popover', () => {
  it('opens a panel labelled by its heading, focuses the first control, and closes on Escape back to the trigger', async () => {
    const { user, trigger } = renderPopover();
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(trigger).toHaveAttribute('aria-haspopup', 'dialog');
    await user.click(trigger);
    const panel = screen.getByRole('dialog', { name: 'Presets' });
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(trigger).toHaveAttribute('aria-controls', panel.id);
    expect(screen.getByRole('button', { name: 'First' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(trigger).toHaveFocus();
  });

  it('closes with its close button unless the caller puts its own action in the heading row', async () => {
    const { user, trigger } = renderPopover();
    await user.click(trigger);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(trigger).toHaveFocus();
  });

  it('shows the subtitle and the header action instead of the close button', async () => {
    const { user, trigger } = renderPopover(<button type="button">Import</button>);
    await user.click(trigger);
    expect(screen.getByText('Default: none')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
  });

  it('closes on a press outside, and dismiss() closes without pulling focus back', async () => {
    const { user, trigger } = renderPopover();
    await user.click(trigger);
    await user.click(screen.getByRole('button', { name: 'Outside' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(trigger);
    const choose = screen.getByRole('button', { name: 'Choose' });
    choose.focus();
    await user.click(choose);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(trigger).not.toHaveFocus();
  });
});
