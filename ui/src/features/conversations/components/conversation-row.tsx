import type { ConversationDto } from '@protocol';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import { classNames } from '../../../components/class-names.js';
import { CheckIcon, PencilIcon, ShareIcon, TrashIcon } from '../../../components/icons/index.js';
import { useLocalize } from '../../../lib/i18n/index.js';
import { useToast } from '../../../lib/toast/index.js';
import { useRenameConversation } from '../api/rename-conversation.js';
import { titleToSave } from '../utils/rename.js';

export interface ConversationRowProps {
  conversation: Pick<ConversationDto, 'conversationId' | 'title'>;
  /** The open conversation: highlighted, with rename and delete. */
  current: boolean;
  onNavigate?: () => void;
  onDelete?: () => void;
  /** Shown only when given (the server allows sharing). */
  onShare?: () => void;
}

const actionClass =
  'rounded-md p-1 text-neutral-500 hover:bg-neutral-300/60 hover:text-neutral-900 dark:text-neutral-400 dark:hover:bg-neutral-700 dark:hover:text-white';

/** Spec 000 §2 row states: normal, current (with actions), renaming (ends on Enter, blur or confirm). */
export function ConversationRow({ conversation, current, onNavigate, onDelete, onShare }: ConversationRowProps) {
  const localize = useLocalize();
  const { showToast } = useToast();
  const rename = useRenameConversation();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(conversation.title);
  const inputRef = useRef<HTMLInputElement>(null);
  // Enter, blur and the confirm button can all end one edit; only the first one counts.
  const endedRef = useRef(false);
  const title = conversation.title || localize('com_ui_new_chat_title');

  useEffect(() => {
    if (!editing) return;
    inputRef.current?.focus();
    inputRef.current?.select();
  }, [editing]);

  const startEditing = () => {
    endedRef.current = false;
    setDraft(conversation.title);
    setEditing(true);
  };

  const finish = (save: boolean) => {
    if (endedRef.current) return;
    endedRef.current = true;
    setEditing(false);
    const next = save ? titleToSave(conversation.title, draft) : null;
    if (next === null) return;
    rename.mutate(
      { conversationId: conversation.conversationId, title: next, previousTitle: conversation.title },
      { onError: () => showToast({ message: localize('com_ui_rename_failed'), severity: 'error' }) },
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
      event.preventDefault();
      finish(true);
    } else if (event.key === 'Escape') {
      // Escape cancels the edit; it must not also close the mobile drawer.
      event.preventDefault();
      event.stopPropagation();
      event.nativeEvent.stopImmediatePropagation();
      finish(false);
    }
  };

  if (editing) {
    return (
      <li className="flex items-center gap-1 rounded-lg bg-neutral-200/80 py-1 pe-1 ps-2 dark:bg-neutral-800">
        <input
          ref={inputRef}
          value={draft}
          maxLength={200}
          aria-label={localize('com_ui_conversation_title')}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          onBlur={() => finish(true)}
          className="min-w-0 flex-1 rounded-md border border-neutral-400 bg-white px-2 py-1 text-sm outline-none focus:border-neutral-900 dark:border-neutral-600 dark:bg-neutral-900 dark:focus:border-neutral-200"
        />
        <button type="button" aria-label={localize('com_ui_save')} onMouseDown={(event) => event.preventDefault()} onClick={() => finish(true)} className={actionClass}>
          <CheckIcon strokeWidth={1.9} />
        </button>
      </li>
    );
  }

  return (
    <li className="group relative">
      <Link
        to={`/c/${encodeURIComponent(conversation.conversationId)}`}
        aria-current={current ? 'page' : undefined}
        onClick={onNavigate}
        title={title}
        className={classNames(
          'block truncate rounded-lg px-3 py-2 text-sm',
          current
            ? 'bg-neutral-200 font-medium text-neutral-900 dark:bg-neutral-800 dark:text-white'
            : 'text-neutral-700 hover:bg-neutral-200/60 dark:text-neutral-300 dark:hover:bg-neutral-800/70',
          // Room for the action buttons over the row's end.
          current && (onShare ? 'pe-24' : 'pe-16'),
        )}
      >
        {title}
      </Link>
      {current && (
        <div role="group" aria-label={localize('com_ui_conversation_actions', title)} className="absolute inset-y-0 end-1 flex items-center gap-0.5">
          {onShare && (
            <button type="button" aria-label={localize('com_ui_share_conversation')} title={localize('com_ui_share')} onClick={onShare} className={actionClass}>
              <ShareIcon strokeWidth={1.9} />
            </button>
          )}
          <button type="button" aria-label={localize('com_ui_rename_conversation')} title={localize('com_ui_rename')} onClick={startEditing} className={actionClass}>
            <PencilIcon strokeWidth={1.9} />
          </button>
          <button type="button" aria-label={localize('com_ui_delete_conversation_label')} title={localize('com_ui_delete')} onClick={onDelete} className={actionClass}>
            <TrashIcon strokeWidth={1.9} />
          </button>
        </div>
      )}
    </li>
  );
}
