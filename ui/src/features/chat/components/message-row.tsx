import { memo } from 'react';
import { classNames } from '../../../components/class-names.js';
import { useChatAttachments } from '../../../lib/attachments/index.js';
import { Markdown } from '../../../lib/markdown/index.js';
import { useLocalize } from '../../../lib/i18n/index.js';
import type { ChatMessage } from '../utils/chat-message.js';
import { getMessageActions } from '../utils/message-actions.js';
import { ErrorBox } from './error-box.js';
import { MessageAvatar } from './message-avatar.js';
import { MessageEditor } from './message-editor.js';
import { useMessageRowContext } from './message-row-context.js';
import { MessageToolbar } from './message-toolbar.js';
import { ContentParts } from './content-parts.js';
import { PluginRuns, pluginRunsOf } from './plugin-runs.js';
import { UnfinishedNotice } from './unfinished-notice.js';

export interface MessageRowProps {
  message: ChatMessage;
  parent: ChatMessage | undefined;
  siblingIndex: number;
  siblingCount: number;
  isLatest: boolean;
  isStreaming: boolean;
}

/**
 * One message of the branch. Memoized on plain props: while a reply streams only its own row
 * renders again, the finished ones keep their parsed markdown.
 */
export const MessageRow = memo(function MessageRow({ message, parent, siblingIndex, siblingCount, isLatest, isStreaming }: MessageRowProps) {
  const localize = useLocalize();
  const context = useMessageRowContext();
  const { actions, isSubmitting, editingId, setEditingId } = context;
  const isEditing = editingId === message.messageId;
  const available = getMessageActions({ message, isLatest, isEditing, isSubmitting, endpoint: context.endpointKind, parent });
  const isUser = message.isCreatedByUser;
  const MessageFiles = useChatAttachments()?.MessageFiles;
  const runs = pluginRunsOf(message.plugins);

  const editor = isEditing && (
    <MessageEditor
      initialText={message.text}
      saveAndSubmitDisabled={available.saveAndSubmitDisabled}
      onCancel={() => setEditingId(null)}
      onSave={(text) => {
        setEditingId(null);
        void actions.saveMessage(message, isUser ? text.trim() : text);
      }}
      onSaveAndSubmit={(text) => {
        setEditingId(null);
        if (isUser) actions.resubmitUserMessage(message, text.trim());
        else actions.continueReply(message, text);
      }}
    />
  );
  const toolbar = !isStreaming && !isEditing && (
    <MessageToolbar
      message={message}
      available={available}
      siblingIndex={siblingIndex}
      siblingCount={siblingCount}
      alwaysVisible={isLatest}
      onSelectSibling={(index) => context.selectSibling(message.parentMessageId, index)}
      onEdit={() => setEditingId(message.messageId)}
      onRegenerate={() => actions.regenerate(message)}
      onContinue={() => actions.continueReply(message)}
    />
  );

  if (isUser) {
    return (
      <article className="group mx-auto w-full max-w-3xl px-4 pt-3 pb-1 md:px-6" aria-label={localize('com_ui_you')}>
        {MessageFiles && message.files && message.files.length > 0 && <MessageFiles files={message.files} />}
        {editor || (
          <div className="flex justify-end">
            <div className="max-w-[85%] rounded-3xl bg-neutral-100 px-5 py-2.5 leading-relaxed break-words whitespace-pre-wrap text-neutral-900 dark:bg-neutral-700/70 dark:text-neutral-50">
              {message.text}
            </div>
          </div>
        )}
        {toolbar}
      </article>
    );
  }

  return (
    <article className="group mx-auto flex w-full max-w-3xl gap-4 px-4 pt-3 pb-2 md:px-6" aria-label={message.sender} aria-busy={isStreaming || undefined}>
      <MessageAvatar endpoint={message.endpoint} endpointsConfig={context.endpointsConfig} error={message.error} />
      <div className="min-w-0 flex-1">
        <div className="mb-1 text-sm font-semibold text-neutral-900 dark:text-neutral-100">{message.sender}</div>
        {editor ||
          (message.error ? (
            <ErrorBox text={message.text} />
          ) : (
            <div className={classNames('text-[15px] text-neutral-800 dark:text-neutral-100', isStreaming && !message.text && 'min-h-7')}>
              {message.content && message.content.length > 0 ? (
                <ContentParts parts={message.content} math={context.latex} streaming={isStreaming} />
              ) : runs.length > 0 ? (
                <PluginRuns text={message.text} runs={runs} names={context.endpointsConfig?.gptPlugins?.plugins} math={context.latex} streaming={isStreaming} />
              ) : (
                <Markdown text={message.text} math={context.latex} streaming={isStreaming} />
              )}
            </div>
          ))}
        {message.unfinished && !isStreaming && !isEditing && <UnfinishedNotice />}
        {toolbar}
      </div>
    </article>
  );
});
