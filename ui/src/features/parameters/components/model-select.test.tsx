import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ModelSelect } from './model-select.js';

const ten = Array.from({ length: 10 }, (_, index) => `model-${index}`);

describe('ModelSelect', () => {
  it('has no filter box with 10 options', async () => {
    const user = userEvent.setup();
    render(<ModelSelect value="model-3" options={ten} onChange={() => undefined} />);
    await user.click(screen.getByRole('combobox', { name: 'Model' }));
    expect(screen.getAllByRole('option')).toHaveLength(10);
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'model-3' })).toHaveAttribute('aria-selected', 'true');
  });

  it('filters case-insensitively above 10 options and picks with the keyboard', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<ModelSelect value="gpt-4o" options={[...ten, 'GPT-4o', 'gpt-4o-mini', 'Claude-Sonnet']} onChange={onChange} />);
    await user.click(screen.getByRole('combobox', { name: 'Model' }));
    const filter = screen.getByRole('searchbox', { name: 'Filter models' });
    expect(filter).toHaveFocus();
    await user.type(filter, 'gPt');
    const listbox = screen.getByRole('listbox');
    expect(within(listbox).getAllByRole('option').map((option) => option.textContent)).toEqual(['GPT-4o', 'gpt-4o-mini']);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenCalledWith('gpt-4o-mini');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Model' })).toHaveFocus();
  });

  it('says when nothing matches, and Escape closes the list only', async () => {
    const user = userEvent.setup();
    const outer = vi.fn();
    render(
      <div onKeyDown={outer}>
        <ModelSelect value={null} options={[...ten, 'extra']} onChange={() => undefined} />
      </div>,
    );
    await user.click(screen.getByRole('combobox', { name: 'Model' }));
    await user.type(screen.getByRole('searchbox'), 'zzz');
    expect(screen.getByText('No models match')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(outer).not.toHaveBeenCalledWith(expect.objectContaining({ key: 'Escape' }));
  });
});
