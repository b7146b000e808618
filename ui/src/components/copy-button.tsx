import { classNames } from './class-names.js';
import { CheckIcon, CopyIcon } from './icons/index.js';
import { useCopyToClipboard } from './use-copy-to-clipboard.js';

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
