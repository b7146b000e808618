import { classNames } from './class-names.js';
import { useCopyToClipboard } from './use-copy-to-clipboard.js';

export const CopyIcon = ({ className = 'size-4' }: { className?: string }) => (
  <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" className={className}>
    <rect x="9" y="9" width="12" height="12" rx="2.5" />
    <path d="M5 15H4.5A1.5 1.5 0 0 1 3 13.5v-9A1.5 1.5 0 0 1 4.5 3h9A1.5 1.5 0 0 1 15 4.5V5" />
  </svg>
);

export const CheckIcon = ({ className = 'size-4' }: { className?: string }) => (
  <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" className={className}>
    <path d="m5 12.5 4.5 4.5L19 7.5" />
  </svg>
);

interface CopyButtonProps {
  /** The text, or a function for text that is costly to build. */
  text: string | (() => string);
  label: string;
  copiedLabel: string;
  /** Shows the label next to the icon (code blocks); otherwise it is the accessible name only. */
  showLabel?: boolean;
  onError?: () => void;
  className?: string;
}

/** Copies on click and confirms for 3 s; the confirmation is announced through the live label. */
export function CopyButton({ text, label, copiedLabel, showLabel = false, onError, className }: CopyButtonProps) {
  const { copied, copy } = useCopyToClipboard();
  const current = copied ? copiedLabel : label;
  const onClick = async () => {
    if (!(await copy(typeof text === 'function' ? text() : text))) onError?.();
  };
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={showLabel ? undefined : current}
      title={showLabel ? undefined : current}
      className={classNames('inline-flex items-center gap-1.5', className)}
    >
      {copied ? <CheckIcon /> : <CopyIcon />}
      {showLabel ? <span aria-live="polite">{current}</span> : <span className="sr-only" aria-live="polite">{copied ? copiedLabel : ''}</span>}
    </button>
  );
}
