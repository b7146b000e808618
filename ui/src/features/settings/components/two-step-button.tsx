import { useId } from 'react';
import { Spinner } from '../../../components/spinner.js';
import { classNames } from '../../../components/class-names.js';
import { useLocalize } from '../../../lib/i18n/index.js';
import { useTwoStep } from '../hooks/use-two-step.js';

interface TwoStepButtonProps {
  label: string;
  confirmLabel: string;
  onConfirm: () => void;
  pending?: boolean;
}

/** "Clear" → "Confirm clear" → runs. The armed state is announced and shown in red. */
export function TwoStepButton({ label, confirmLabel, onConfirm, pending = false }: TwoStepButtonProps) {
  const localize = useLocalize();
  const { armed, buttonProps } = useTwoStep(onConfirm);
  const hintId = useId();

  return (
    <>
      <button
        type="button"
        {...buttonProps}
        disabled={pending}
        aria-describedby={armed ? hintId : undefined}
        className={classNames(
          'inline-flex min-w-24 shrink-0 items-center justify-center gap-2 rounded-lg border px-3 py-1.5 text-sm font-medium transition-colors disabled:cursor-not-allowed disabled:opacity-60',
          armed
            ? 'border-red-600 bg-red-600 text-white hover:bg-red-700 dark:border-red-500 dark:bg-red-600 dark:hover:bg-red-500'
            : 'border-neutral-300 bg-white text-red-600 hover:bg-red-50 dark:border-neutral-600 dark:bg-transparent dark:text-red-400 dark:hover:bg-red-950/40',
        )}
      >
        {pending && <Spinner className="[&_svg]:size-4" />}
        {armed ? confirmLabel : label}
      </button>
      <span id={hintId} role="status" className="sr-only">
        {armed ? localize('com_nav_click_again_to_confirm') : ''}
      </span>
    </>
  );
}
