import { fireEvent, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Composer, type ComposerProps } from './composer.js';

function renderComposer(overrides: Partial<ComposerProps> = {}) {
  const props: ComposerProps = {
    placeholder: 'Message Chatbox',
    disabledReason: null,
    isSubmitting: false,
    enterToSend: true,
    onSend: vi.fn(() => true),
    onStop: vi.fn(),
    onFiles: vi.fn(),
    ...overrides,
  };
  const view = render(<Composer {...props} />);
  return { ...view, props, user: userEvent.setup(), textbox: screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement };
}

describe('Composer', () => {
  it('sends the trimmed text on Enter and clears the input', async () => {
    const { user, textbox, props } = renderComposer();
    await user.type(textbox, '  Hello there  {Enter}');
    expect(props.onSend).toHaveBeenCalledWith('Hello there');
    expect(textbox.value).toBe('');
  });

  it('inserts a newline on Shift+Enter', async () => {
    const { user, textbox, props } = renderComposer();
    await user.type(textbox, 'one{Shift>}{Enter}{/Shift}two');
    expect(textbox.value).toBe('one\ntwo');
    expect(props.onSend).not.toHaveBeenCalled();
  });

  it('sends nothing while an input method is composing', () => {
    const { textbox, props } = renderComposer();
    fireEvent.change(textbox, { target: { value: 'にほん' } });
    fireEvent.keyDown(textbox, { key: 'Enter', isComposing: true });
    fireEvent.keyDown(textbox, { key: 'Enter', keyCode: 229 });
    expect(props.onSend).not.toHaveBeenCalled();
    fireEvent.keyDown(textbox, { key: 'Enter' });
    expect(props.onSend).toHaveBeenCalledWith('にほん');
  });

  it('with enter-to-send off, Enter is a newline and Ctrl/Cmd+Enter sends', async () => {
    const { user, textbox, props } = renderComposer({ enterToSend: false });
    await user.type(textbox, 'line{Enter}next');
    expect(textbox.value).toBe('line\nnext');
    expect(props.onSend).not.toHaveBeenCalled();
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(props.onSend).toHaveBeenCalledWith('line\nnext');
    await user.type(textbox, 'again');
    await user.keyboard('{Meta>}{Enter}{/Meta}');
    expect(props.onSend).toHaveBeenLastCalledWith('again');
  });

  it('keeps Send disabled for empty or blank text', async () => {
    const { user, textbox, props } = renderComposer();
    expect(screen.getByRole('button', { name: 'Send message' })).toBeDisabled();
    await user.type(textbox, '   {Enter}');
    expect(props.onSend).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Send message' })).toBeDisabled();
  });

  it('shows Stop instead of Send while submitting and never sends then', async () => {
    const { user, textbox, props } = renderComposer({ isSubmitting: true });
    await user.type(textbox, 'queued{Enter}');
    expect(props.onSend).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Send message' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Stop generating' }));
    expect(props.onStop).toHaveBeenCalled();
  });

  it('keeps the text when the message was not taken', async () => {
    const { user, textbox } = renderComposer({ onSend: vi.fn(() => false) });
    await user.type(textbox, 'kept{Enter}');
    expect(textbox.value).toBe('kept');
  });

  it('is disabled with the reason as placeholder (a missing key)', () => {
    const { textbox } = renderComposer({ disabledReason: 'Set your API key in the header menu to start chatting.' });
    expect(textbox).toBeDisabled();
    expect(textbox).toHaveAttribute('placeholder', 'Set your API key in the header menu to start chatting.');
    expect(screen.getByRole('button', { name: 'Attach files' })).toBeDisabled();
  });

  it('hands picked files to the drop hook', async () => {
    const { user, container, props } = renderComposer();
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    const file = new File(['x'], 'notes.txt', { type: 'text/plain' });
    await user.upload(input, file);
    expect(props.onFiles).toHaveBeenCalledWith([file]);
  });
});
