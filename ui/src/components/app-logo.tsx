import { classNames } from './class-names.js';

/** The speech-bubble mark of the favicon, drawn in the current text colour's inverse. */
export function AppLogo({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={classNames('shrink-0', className)}>
      <rect width="32" height="32" rx="8" className="fill-neutral-900 dark:fill-neutral-100" />
      <path
        d="M9 11.5A3.5 3.5 0 0 1 12.5 8h7A3.5 3.5 0 0 1 23 11.5v5a3.5 3.5 0 0 1-3.5 3.5H15l-4.2 3.4c-.5.4-1.3 0-1.3-.6V20.2A3.5 3.5 0 0 1 9 16.5z"
        className="fill-white dark:fill-neutral-900"
      />
    </svg>
  );
}
