import { useMatch, useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/confirm-dialog.js';
import { useLocalize } from '../../../lib/i18n/index.js';
import { useToast } from '../../../lib/toast/index.js';
import { useDeleteConversation } from '../api/delete-conversation.js';

/** Confirms and deletes; deleting the open conversation starts a new one (spec 000 §4). */
export function DeleteConversationDialog({ conversation, onClose }: { conversation: { conversationId: string; title: string }; onClose: () => void }) {
  const localize = useLocalize();
  const { showToast } = useToast();
  const navigate = useNavigate();
  const openId = useMatch('/c/:conversationId')?.params.conversationId;
  const remove = useDeleteConversation();

  const onConfirm = () =>
    remove.mutate(conversation.conversationId, {
      onSuccess: () => {
        onClose();
        if (openId === conversation.conversationId) navigate('/c/new');
      },
      onError: (error) => showToast({ message: `${localize('com_ui_delete_conversation_failed')} ${error.message}`, severity: 'error' }),
    });

  return (
    <ConfirmDialog
      open
      title={localize('com_ui_delete_conversation')}
      confirmLabel={localize('com_ui_delete')}
      onConfirm={onConfirm}
      onCancel={onClose}
      pending={remove.isPending}
    >
      {localize('com_ui_delete_conversation_confirm')
        .split('{0}')
        .flatMap((part, index) => (index === 0 ? [part] : [<strong key={index}>{conversation.title || localize('com_ui_new_chat_title')}</strong>, part]))}
    </ConfirmDialog>
  );
}
