import { useNavigate } from 'react-router-dom';
import { useLocalize } from '../../../lib/i18n/index.js';
import { useToast } from '../../../lib/toast/index.js';
import { useClearAllConversations } from '../api/clear-all-conversations.js';
import { useRevokeAllKeys } from '../api/revoke-all-keys.js';
import { ExportAllRow } from './export-all-row.js';
import { ImportConversationsRow } from './import-conversations-row.js';
import { ActionRow } from './setting-rows.js';
import { SharedLinksSection } from './shared-links-section.js';
import { TwoStepButton } from './two-step-button.js';

/** Import conversations (or an export-all archive), export everything; clear all conversations and revoke all user keys, each behind a two-step button. */
export function DataTab() {
  const localize = useLocalize();
  const navigate = useNavigate();
  const { showToast } = useToast();
  const clearAll = useClearAllConversations();
  const revokeAll = useRevokeAllKeys();
  const onError = (error: Error) => showToast({ message: localize('com_nav_action_failed', error.message), severity: 'error' });

  return (
    <div>
      <ImportConversationsRow />
      <ExportAllRow />
      <ActionRow label={localize('com_nav_clear_all_chats')}>
        <TwoStepButton
          label={localize('com_ui_clear')}
          confirmLabel={localize('com_nav_confirm_clear')}
          pending={clearAll.isPending}
          onConfirm={() =>
            clearAll.mutate(undefined, {
              onSuccess: () => {
                showToast({ message: localize('com_nav_chats_cleared') });
                // The open conversation may be gone: start afresh.
                navigate('/c/new');
              },
              onError,
            })
          }
        />
      </ActionRow>
      <ActionRow label={localize('com_nav_revoke_keys')}>
        <TwoStepButton
          label={localize('com_ui_revoke')}
          confirmLabel={localize('com_nav_confirm_revoke')}
          pending={revokeAll.isPending}
          onConfirm={() =>
            revokeAll.mutate(undefined, {
              onSuccess: () => showToast({ message: localize('com_nav_keys_revoked') }),
              onError,
            })
          }
        />
      </ActionRow>
      <SharedLinksSection />
    </div>
  );
}
