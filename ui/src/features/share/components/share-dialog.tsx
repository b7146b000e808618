import { Button } from '../../../components/button.js';
import { CopyButton } from '../../../components/copy-button.js';
import { Dialog } from '../../../components/dialog.js';
import { Spinner } from '../../../components/spinner.js';
import { useLocalize } from '../../../lib/i18n/index.js';
import { sharedLinkUrl, useCreateSharedLink, useDeleteSharedLink, useSharedLinkQuery, useUpdateSharedLink } from '../../../lib/shared-links/index.js';
import { useToast } from '../../../lib/toast/index.js';

export interface ShareDialogProps {
  conversationId: string;
  /** The last message of the branch on screen: the link shares that branch. */
  targetMessageId?: string;
  onClose: () => void;
}

/**
 * Share a saved conversation as a read-only link (issue 20 §3): create it, copy it, update it to
 * include later messages, or delete it. The link is a snapshot of the branch on screen.
 */
export function ShareDialog({ conversationId, targetMessageId, onClose }: ShareDialogProps) {
  const localize = useLocalize();
  const { showToast } = useToast();
  const lookup = useSharedLinkQuery(conversationId);
  const create = useCreateSharedLink();
  const update = useUpdateSharedLink();
  const remove = useDeleteSharedLink();
  const shareId = lookup.data?.shareId ?? null;
  const busy = create.isPending || update.isPending || remove.isPending;
  const onError = (error: Error) => showToast({ message: localize('com_ui_share_error', error.message), severity: 'error' });

  const body = lookup.isPending ? (
    <div className="flex justify-center py-4">
      <Spinner />
    </div>
  ) : lookup.isError ? (
    <p role="alert" className="text-sm text-red-600 dark:text-red-400">
      {localize('com_ui_share_error', lookup.error.message)}
    </p>
  ) : shareId ? (
    <div className="flex items-center gap-2">
      <input
        readOnly
        value={sharedLinkUrl(shareId)}
        aria-label={localize('com_ui_share_link_label')}
        onFocus={(event) => event.target.select()}
        className="min-w-0 flex-1 rounded-lg border border-neutral-300 bg-neutral-50 px-3 py-2 text-sm dark:border-neutral-600 dark:bg-neutral-800"
      />
      <CopyButton
        text={sharedLinkUrl(shareId)}
        label={localize('com_ui_share_copy_link')}
        copiedLabel={localize('com_ui_share_link_copied')}
        showLabel
        onError={() => showToast({ message: localize('com_ui_copy_failed'), severity: 'error' })}
        className="rounded-lg border border-neutral-300 px-3 py-2 text-sm font-medium hover:bg-neutral-50 dark:border-neutral-600 dark:hover:bg-neutral-800"
      />
    </div>
  ) : null;

  return (
    <Dialog
      open
      onClose={onClose}
      title={localize('com_ui_share_link_title')}
      description={localize('com_ui_share_description')}
      footer={
        <>
          {shareId && (
            <Button variant="ghost" disabled={busy} onClick={() => remove.mutate({ shareId, conversationId }, { onSuccess: () => showToast({ message: localize('com_ui_share_link_deleted') }), onError })}>
              {localize('com_ui_share_delete_link')}
            </Button>
          )}
          {shareId ? (
            <Button disabled={busy} onClick={() => update.mutate({ shareId, targetMessageId }, { onSuccess: () => showToast({ message: localize('com_ui_share_link_updated') }), onError })}>
              {localize('com_ui_share_update_link')}
            </Button>
          ) : (
            <Button disabled={busy || !lookup.isSuccess} onClick={() => create.mutate({ conversationId, targetMessageId }, { onError })}>
              {localize('com_ui_share_create_link')}
            </Button>
          )}
        </>
      }
    >
      {body}
    </Dialog>
  );
}
