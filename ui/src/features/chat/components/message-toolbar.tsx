import { CopyButton } from '../../../components/copy-button.js';
import { classNames } from '../../../components/class-names.js';
import { ContinueIcon, EditIcon, RegenerateIcon } from '../../../components/icons/index.js';
import { useLocalize } from '../../../lib/i18n/index.js';
import { useToast } from '../../../lib/toast/index.js';
import type { ChatMessage } from '../utils/chat-message.js';
import type { MessageActions } from '../utils/message-actions.js';
import { SiblingSwitch } from './sibling-switch.js';

export const toolButtonClass =
  'flex size-7 items-center justify-center rounded-md text-neutral-500 transition-colors hover:bg-neutral-100 hover:text-neutral-900 dark:text-neutral-400 dark:hover:bg-neutral-800 dark:hover:text-white';

interface MessageToolbarProps {
  message: ChatMessage;
  available: MessageActions;
  siblingIndex: number;
  siblingCount: number;
  /** The latest message keeps its buttons in view; the others show them on hover or focus. */
  alwaysVisible: boolean;
  onSelectSibling(index: number): void;
  onEdit(): void;
  onRegenerate(): void;
  onContinue(): void;
}

/** Under a message: ‹ n/m ›, copy, edit, regenerate and continue as the availability rules allow. */
export function MessageToolbar(props: MessageToolbarProps) {
  const { message, available, siblingIndex, siblingCount, alwaysVisible } = props;
  const localize = useLocalize();
  const { showToast } = useToast();
  return (
    <div
      role="toolbar"
      aria-label={localize('com_ui_message_actions')}
      className={classNames(
        'mt-1 flex min-h-7 items-center gap-0.5',
        message.isCreatedByUser ? 'justify-end' : '-ms-1.5',
        !alwaysVisible &&
          'opacity-0 transition-opacity group-focus-within:opacity-100 group-hover:opacity-100 [@media(hover:none)]:opacity-100',
      )}
    >
      <SiblingSwitch index={siblingIndex} count={siblingCount} onSelect={props.onSelectSibling} />
      {message.text && !message.error && (
        <CopyButton
          text={message.text}
          label={localize('com_ui_copy_to_clipboard')}
          copiedLabel={localize('com_ui_copied_to_clipboard')}
          onError={() => showToast({ message: localize('com_ui_copy_failed'), severity: 'error' })}
          className={classNames(toolButtonClass, 'justify-center')}
        />
      )}
      {available.canEdit && (
        <button type="button" className={toolButtonClass} aria-label={localize('com_ui_edit')} title={localize('com_ui_edit')} onClick={props.onEdit}>
          <EditIcon />
        </button>
      )}
      {available.canRegenerate && (
        <button type="button" className={toolButtonClass} aria-label={localize('com_ui_regenerate')} title={localize('com_ui_regenerate')} onClick={props.onRegenerate}>
          <RegenerateIcon />
        </button>
      )}
      {available.canContinue && (
        <button type="button" className={toolButtonClass} aria-label={localize('com_ui_continue')} title={localize('com_ui_continue')} onClick={props.onContinue}>
          <ContinueIcon />
        </button>
      )}
    </div>
  );
}
