import { useAssistantActions, useAssistants } from '../../../lib/assistants/index.js';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Alert } from '../../../components/alert.js';
import { Button } from '../../../components/button.js';
import { Spinner } from '../../../components/spinner.js';
import { useChatAttachments } from '../../../lib/attachments/index.js';
import { useChatSetup, useEnsureChatSetup } from '../../../lib/chat-setup/index.js';
import { endpointKind, needsUserKey, useEndpointsQuery, useModelsQuery, useUserKeyMissing } from '../../../lib/endpoints/index.js';
import { useLocalize } from '../../../lib/i18n/index.js';
import { messagesQueryKey } from '../../../lib/query-keys.js';
import type { TranslationKey } from '../../../locales/index.js';
import { preloadMarkdown } from '../../../lib/markdown/index.js';
import { useStartupConfig } from '../../../lib/startup-config/get-startup-config.js';
import { useConversationQuery } from '../api/get-conversation.js';
import { useMessagesQuery } from '../api/get-messages.js';
import { useChatActions } from '../hooks/use-chat-actions.js';
import { useChatBranch } from '../hooks/use-chat-branch.js';
import { useChatPreferences } from '../hooks/use-chat-preferences.js';
import { useChatSubmission } from '../hooks/use-chat-submission.js';
import { useConversationSetup } from '../hooks/use-conversation-setup.js';
import { useDocumentTitle } from '../hooks/use-document-title.js';
import { useFileDrop } from '../hooks/use-file-drop.js';
import { useReattach } from '../hooks/use-reattach.js';
import { useShownConversation } from '../hooks/use-shown-conversation.js';
import { NEW_CONVERSATION, type ChatMessage } from '../utils/chat-message.js';
import { composerBlock, type ComposerBlock } from '../utils/composer-block.js';
import { ChatFooter } from './chat-footer.js';
import { ChatHeader } from './chat-header.js';
import { Composer } from './composer.js';
import { DropOverlay } from './drop-overlay.js';
import { Landing } from './landing.js';
import { LiveAnnouncer } from './live-announcer.js';
import { MessageList } from './message-list.js';
import { MessageRowContext, type MessageRowContextValue } from './message-row-context.js';

const NO_MESSAGES: ChatMessage[] = [];

const blockTexts = {
  'search-view': 'com_ui_search_view_placeholder',
  'no-endpoint': 'com_ui_no_endpoint_placeholder',
  'key-missing': 'com_endpoint_config_placeholder',
  'assistant-deleted': 'com_assistants_deleted',
  'no-assistant': 'com_assistants_none',
  'not-appendable': 'com_ui_not_appendable_placeholder',
} as const satisfies Record<ComposerBlock, TranslationKey>;

/** /c/:conversationId: header, the branch of messages (or the landing view), the composer. */
export function ChatView({ header }: { header?: ReactNode }) {
  const { conversationId = NEW_CONVERSATION } = useParams();
  const navigate = useNavigate();
  const localize = useLocalize();
  const queryClient = useQueryClient();
  useEnsureChatSetup();
  const { config, isLoading: configLoading } = useStartupConfig();
  const endpointsQuery = useEndpointsQuery();
  const modelsQuery = useModelsQuery();
  const endpointsConfig = endpointsQuery.data;
  const { setup } = useChatSetup();
  const preferences = useChatPreferences();
  const messagesQuery = useMessagesQuery(conversationId);
  const conversation = useConversationQuery(conversationId).data;
  const conversationSetup = useConversationSetup(conversationId, conversation);
  const messages = messagesQuery.data ?? NO_MESSAGES;
  const { branch, selectSibling, resetSelection } = useChatBranch(conversationId, messages);
  const route = useRef(conversationId);
  const [editingId, setEditingId] = useState<string | null>(null);

  const submission = useChatSubmission((id) => {
    conversationSetup.adopt(id);
    // The user may have opened another conversation meanwhile: only /c/new follows the stream.
    if (route.current === NEW_CONVERSATION) navigate(`/c/${id}`, { replace: true });
  });
  const { isSubmitting } = submission;

  useEffect(() => {
    route.current = conversationId;
    setEditingId(null);
    // A refused first turn is not kept when the user starts over with a new chat.
    if (conversationId === NEW_CONVERSATION && !isSubmitting && queryClient.getQueryData<ChatMessage[]>(messagesQueryKey(NEW_CONVERSATION))?.length) {
      queryClient.setQueryData(messagesQueryKey(NEW_CONVERSATION), NO_MESSAGES);
    }
    // Runs on a route change only; whether a turn is running matters at that moment, not later.
  }, [conversationId, queryClient]);

  const title = conversation?.conversationId === conversationId ? conversation.title : null;
  useDocumentTitle(title, config.appTitle);

  const actions = useChatActions({
    conversationId,
    messages,
    branch,
    setup,
    endpointsConfig,
    submission,
    onTurnStart: ({ newBranch }) => {
      // The reply renders as markdown: fetch the parser while the server is still thinking.
      preloadMarkdown();
      if (newBranch) resetSelection();
      setEditingId(null);
    },
  });

  // Within a conversation the list follows the rest of the screen in a render React can interrupt:
  // a send (every row's toolbar changes) or a streamed frame does not hold the composer until the
  // list is done. Another conversation shows at once, never under the previous one's messages.
  const listState = useMemo(() => ({ conversationId, branch, isSubmitting }), [conversationId, branch, isSubmitting]);
  const deferredList = useDeferredValue(listState);
  const shown = deferredList.conversationId === conversationId ? deferredList : listState;
  const kind = endpointKind(setup.endpoint, endpointsConfig) || null;
  const rowContext = useMemo<MessageRowContextValue>(
    () => ({ actions, isSubmitting: shown.isSubmitting, endpointKind: kind, endpointsConfig, latex: preferences.latex, editingId, setEditingId, selectSibling }),
    [actions, shown.isSubmitting, kind, endpointsConfig, preferences.latex, editingId, selectSibling],
  );

  const screen = useRef<HTMLDivElement>(null);
  const wholeBranch = useShownConversation(shown.conversationId, shown.branch, () => screen.current?.clientWidth ?? 768);

  const attachments = useChatAttachments();
  const addFiles = attachments?.add;
  const onFiles = useCallback((files: File[]) => addFiles?.(files), [addFiles]);
  const { dragging, dropProps } = useFileDrop(onFiles);
  const onSend = useCallback(
    (text: string) => {
      if (!attachments) return actions.ask(text);
      if (attachments.isUploading) return false;
      const sent = actions.ask(text, attachments.messageFiles());
      if (sent) attachments.clearSent();
      return sent;
    },
    [actions, attachments],
  );

  const keyMissing = useUserKeyMissing(setup.endpoint, needsUserKey(setup.endpoint ? endpointsConfig?.[setup.endpoint] : undefined));
  const latest = branch.at(-1)?.message;
  useReattach({ conversationId, latest, loaded: messagesQuery.isSuccess, endpoint: conversation?.endpoint ?? setup.endpoint, submission });

  // Once the lookups have settled the screen never falls back to the spinner: a failed lookup that
  // retries turns pending again, and unmounting the header then would refetch it in a loop.
  const settled = useRef(false);
  if (!configLoading && !endpointsQuery.isPending && !modelsQuery.isPending) settled.current = true;

  const { assistants, isPending: assistantsPending } = useAssistants();
  const assistant = setup.endpoint === 'assistants' ? assistants.find((entry) => entry.id === setup.assistant_id) : undefined;
  const assistantMissing = setup.endpoint === 'assistants' && !assistant;
  const assistantDeleted = assistantMissing && !assistantsPending && Boolean(setup.assistant_id) && setup.assistant_id === conversation?.assistant_id;
  const { data: assistantActions } = useAssistantActions(assistant?.id);
  const block = composerBlock({ conversationId, endpoint: setup.endpoint, keyMissing, assistantMissing, assistantDeleted, latest, isSubmitting });
  const disabledReason = block ? localize(blockTexts[block]) : null;
  const streaming = isSubmitting && latest?.isCreatedByUser === false;

  let body: ReactNode;
  if (!settled.current) {
    body = (
      <div className="flex flex-1 items-center justify-center">
        <Spinner />
      </div>
    );
  } else if (messagesQuery.isError && messages.length === 0) {
    body = (
      <div className="flex flex-1 flex-col items-center justify-center gap-3 px-4">
        <Alert>{localize('com_ui_messages_load_failed')}</Alert>
        <Button variant="secondary" onClick={() => void messagesQuery.refetch()}>
          {localize('com_ui_retry')}
        </Button>
      </div>
    );
  } else if (messagesQuery.isLoading) {
    body = (
      <div className="flex flex-1 items-center justify-center">
        <Spinner />
      </div>
    );
  } else if (branch.length === 0) {
    body = <Landing endpoint={setup.endpoint} endpointsConfig={endpointsConfig} assistant={assistant} actions={assistantActions} />;
  } else {
    body = <MessageList conversationId={shown.conversationId} branch={shown.branch} isSubmitting={shown.isSubmitting} autoScroll={preferences.autoScroll} />;
  }

  return (
    <div ref={screen} className="relative flex h-full min-h-0 flex-col" {...(attachments ? dropProps : {})}>
      <h1 className="sr-only">{title || config.appTitle}</h1>
      <ChatHeader>{header}</ChatHeader>
      <MessageRowContext.Provider value={rowContext}>
        {body}
        {wholeBranch}
      </MessageRowContext.Provider>
      <div className="shrink-0 pt-1">
        <Composer
          placeholder={localize('com_ui_message_placeholder', config.appTitle)}
          disabledReason={disabledReason}
          isSubmitting={isSubmitting}
          enterToSend={preferences.enterToSend}
          onSend={onSend}
          onStop={submission.stop}
          onFiles={attachments ? onFiles : undefined}
          attachments={attachments && <attachments.Chips />}
          filesBusy={attachments?.isUploading}
        />
        <ChatFooter config={config} />
      </div>
      <LiveAnnouncer text={streaming ? latest.text : ''} streaming={streaming} />
      {dragging && <DropOverlay />}
    </div>
  );
}
