import type { ComponentPropsWithRef } from 'react';
import { classNames } from './class-names.js';

/** A square button with an icon only; `label` becomes its accessible name and tooltip. */
export function IconButton({
  label,
  className,
  type = 'button',
  ...props
}: ComponentPropsWithRef<'button'> & { label: string }) {
  return (
    <button
      type={type}
      aria-label={label}
      title={label}
      className={classNames(
        'inline-flex size-9 items-center justify-center rounded-lg text-neutral-600 transition-colors hover:bg-neutral-200/70 hover:text-neutral-900',
        'dark:text-neutral-300 dark:hover:bg-neutral-700/60 dark:hover:text-white disabled:opacity-50',
        className,
      )}
      {...props}
    />
  );
}
