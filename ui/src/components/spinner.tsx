import { useLocalize } from '../lib/i18n/index.js';
import { classNames } from './class-names.js';

export function Spinner({ className }: { className?: string }) {
  const localize = useLocalize();
  return (
    <span role="status" className={classNames('inline-flex', className)}>
      <svg className="size-6 animate-spin text-neutral-400" viewBox="0 0 24 24" fill="none" aria-hidden="true">
        <circle cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="3" className="opacity-25" />
        <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <span className="sr-only">{localize('com_ui_loading')}</span>
    </span>
  );
}

export function FullPageSpinner() {
  return (
    <div className="flex h-full min-h-screen items-center justify-center">
      <Spinner />
    </div>
  );
}
