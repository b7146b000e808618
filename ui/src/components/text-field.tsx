import { useId, type InputHTMLAttributes } from 'react';
import { isTranslationKey, useLocalize } from '../lib/i18n/index.js';
import { classNames } from './class-names.js';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** A translation key (as zod schemas report) or a ready text. */
  error?: string;
  hint?: string;
}

/** A labelled input whose error is tied to it with aria-invalid and aria-describedby. */
export function TextField({ label, error, hint, className, ...inputProps }: TextFieldProps) {
  const localize = useLocalize();
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = error ? errorId : hint ? hintId : undefined;
  const message = error && isTranslationKey(error) ? localize(error) : error;

  return (
    <div className={classNames('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium text-neutral-800 dark:text-neutral-200">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={classNames(
          'w-full rounded-lg border bg-white px-3 py-2.5 text-sm text-neutral-900 shadow-xs transition-colors',
          'placeholder:text-neutral-400 dark:bg-neutral-900 dark:text-neutral-100',
          'focus-visible:border-neutral-900 dark:focus-visible:border-neutral-100',
          error ? 'border-red-500 dark:border-red-400' : 'border-neutral-300 dark:border-neutral-600',
        )}
        {...inputProps}
      />
      {hint && !error && (
        <p id={hintId} className="text-xs text-neutral-500 dark:text-neutral-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-xs text-red-600 dark:text-red-400">
          {message}
        </p>
      )}
    </div>
  );
}
