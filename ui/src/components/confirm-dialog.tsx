import type { ReactNode } from 'react';
import { useLocalize } from '../lib/i18n/index.js';
import { Button } from './button.js';
import { Dialog } from './dialog.js';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  /** Defaults to 'Confirm'; name the action when you can ('Delete'). */
  confirmLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** Red confirm button for what cannot be undone. */
  destructive?: boolean;
  pending?: boolean;
}

/** "Are you sure?" for deletions: an alertdialog whose safe choice, Cancel, takes the focus. */
export function ConfirmDialog({ open, title, children, confirmLabel, onConfirm, onCancel, destructive = true, pending = false }: ConfirmDialogProps) {
  const localize = useLocalize();
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title={title}
      size="sm"
      alert
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} data-autofocus>
            {localize('com_ui_cancel')}
          </Button>
          <Button
            onClick={onConfirm}
            disabled={pending}
            className={destructive ? 'bg-red-600 text-white hover:bg-red-700 dark:bg-red-600 dark:text-white dark:hover:bg-red-500' : undefined}
          >
            {confirmLabel ?? localize('com_ui_confirm')}
          </Button>
        </>
      }
    >
      <div className="text-sm leading-relaxed text-neutral-600 dark:text-neutral-300">{children}</div>
    </Dialog>
  );
}
