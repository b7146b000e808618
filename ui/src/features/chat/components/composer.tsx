import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { classNames } from '../../../components/class-names.js';
import { PaperclipIcon, SendIcon, StopIcon } from '../../../components/icons/index.js';
import { useLocalize } from '../../../lib/i18n/index.js';
import { useToastClearance } from '../../../lib/toast/index.js';

export interface ComposerProps {
  placeholder: string;
  /** Why nothing can be typed (a missing key, no endpoint, an unfinished reply), or null. */
  disabledReason: string | null;
  isSubmitting: boolean;
  /** Read at key press: Enter sends (true) or Ctrl/Cmd+Enter sends (false). */
  enterToSend: boolean;
  /** Returns false when the message was not taken (the text then stays). */
  onSend(text: string): boolean;
  onStop(): void;
  /** Picked files; without it (no files feature) there is no attach button. */
  onFiles?(files: File[]): void;
  /** The attached files' chips, above the input. */
  attachments?: ReactNode;
  /** An upload is still running: nothing is sent yet. */
  filesBusy?: boolean;
}

/**
 * The message input: grows from one row (44 px) to 65vh (75vh from md), Enter or Ctrl/Cmd+Enter
 * to send per the setting, Shift+Enter for a new line, nothing while an IME composes.
 */
export function Composer({ placeholder, disabledReason, isSubmitting, enterToSend, onSend, onStop, onFiles, attachments, filesBusy = false }: ComposerProps) {
  const localize = useLocalize();
  const [text, setText] = useState('');
  const textarea = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const form = useRef<HTMLFormElement>(null);
  useToastClearance(form);
  const id = useId();
  const disabled = disabledReason !== null;
  const canSend = !disabled && !isSubmitting && !filesBusy && text.trim().length > 0;

  useEffect(() => {
    const element = textarea.current;
    if (!element) return;
    element.style.height = 'auto';
    element.style.height = `${element.scrollHeight}px`;
  }, [text]);

  const send = () => {
    const trimmed = text.trim();
    if (!trimmed || isSubmitting || disabled || filesBusy) return;
    if (onSend(trimmed)) setText('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey) return;
    // keyCode 229: the key went to an input method (Safari fires it after compositionend).
    if (event.nativeEvent.isComposing || event.keyCode === 229) return;
    const modifier = event.ctrlKey || event.metaKey;
    if (!enterToSend && !modifier) return;
    event.preventDefault();
    send();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    onFiles?.([...(event.target.files ?? [])]);
    event.target.value = '';
  };

  return (
    <form ref={form} onSubmit={onSubmit} className="mx-auto w-full max-w-3xl px-3 md:px-6">
      {attachments}
      <div
        className={classNames(
          'flex items-end gap-1.5 rounded-[28px] border bg-white p-2 shadow-[0_2px_12px_rgba(0,0,0,0.06)] transition-colors dark:bg-neutral-800',
          'border-neutral-200 focus-within:border-neutral-400 dark:border-neutral-700 dark:focus-within:border-neutral-500',
          disabled && 'opacity-70',
        )}
      >
        {onFiles && (
          <>
            <button
              type="button"
              disabled={disabled}
              onClick={() => fileInput.current?.click()}
              aria-label={localize('com_ui_attach_files')}
              title={localize('com_ui_attach_files')}
              className="flex size-9 shrink-0 items-center justify-center rounded-full text-neutral-600 hover:bg-neutral-100 disabled:opacity-40 dark:text-neutral-300 dark:hover:bg-neutral-700"
            >
              <PaperclipIcon />
            </button>
            <input ref={fileInput} type="file" multiple hidden onChange={onPick} tabIndex={-1} data-testid="composer-file-input" />
          </>
        )}
        <label htmlFor={id} className="sr-only">
          {localize('com_ui_composer_label')}
        </label>
        <textarea
          id={id}
          ref={textarea}
          rows={1}
          value={text}
          disabled={disabled}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder={disabledReason ?? placeholder}
          className="max-h-[65vh] min-h-[44px] flex-1 resize-none bg-transparent px-1.5 py-[9px] text-base leading-[26px] outline-none placeholder:text-neutral-400 focus-visible:outline-none disabled:cursor-not-allowed md:max-h-[75vh] dark:placeholder:text-neutral-500"
        />
        {isSubmitting ? (
          <button
            type="button"
            onClick={onStop}
            aria-label={localize('com_ui_stop_generating')}
            title={localize('com_ui_stop_generating')}
            className="flex size-9 shrink-0 items-center justify-center rounded-full bg-neutral-900 text-white hover:bg-neutral-700 dark:bg-white dark:text-neutral-900 dark:hover:bg-neutral-200"
          >
            <StopIcon />
          </button>
        ) : (
          <button
            type="submit"
            disabled={!canSend}
            aria-label={localize('com_ui_send_message')}
            title={localize('com_ui_send_message')}
            className="flex size-9 shrink-0 items-center justify-center rounded-full bg-neutral-900 text-white transition-opacity hover:bg-neutral-700 disabled:cursor-not-allowed disabled:bg-neutral-300 disabled:text-neutral-50 dark:bg-white dark:text-neutral-900 dark:hover:bg-neutral-200 dark:disabled:bg-neutral-600 dark:disabled:text-neutral-400"
          >
            <SendIcon />
          </button>
        )}
      </div>
    </form>
  );
}
