import type { ReactNode } from 'react';
import { classNames } from './class-names.js';

type Tone = 'error' | 'success' | 'info';

const tones: Record<Tone, string> = {
  error: 'border-red-500/40 bg-red-50 text-red-700 dark:border-red-500/50 dark:bg-red-950/40 dark:text-red-200',
  success:
    'border-emerald-500/40 bg-emerald-50 text-emerald-800 dark:border-emerald-500/50 dark:bg-emerald-950/40 dark:text-emerald-200',
  info: 'border-neutral-300 bg-neutral-50 text-neutral-700 dark:border-neutral-600 dark:bg-neutral-800 dark:text-neutral-200',
};

/** Errors are announced at once (role="alert"); success and info wait for the reader (role="status"). */
export function Alert({ tone = 'error', children, className }: { tone?: Tone; children: ReactNode; className?: string }) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={classNames('rounded-lg border px-3 py-2.5 text-sm leading-relaxed', tones[tone], className)}
    >
      {children}
    </div>
  );
}
