import { useLocalize } from '../../../lib/i18n/index.js';

/** The mark of a tool whose every call waits for the user's Allow (`requiresApproval` in librechat.yaml). */
export function ApprovalBadge({ id }: { id?: string }) {
  const localize = useLocalize();
  return (
    <span id={id} className="inline-block shrink-0 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-amber-900 dark:bg-amber-900/40 dark:text-amber-200">
      {localize('com_ui_tool_approval_badge')}
    </span>
  );
}
