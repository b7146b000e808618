import type { ConversationDto } from '@protocol';
import type { QueryClient } from '@tanstack/react-query';
import { moveConversationToTop, refreshConversationList } from '../../../lib/conversation-cache.js';
import type { Localize } from '../../../lib/i18n/index.js';
import { messagesQueryKey } from '../../../lib/query-keys.js';
import { SseHttpError, type SseEvent } from '../../../lib/sse/index.js';
import { NEW_CONVERSATION, NO_PARENT, type ChatMessage } from '../utils/chat-message.js';
import { foldCreated, foldError, foldFinal, foldProgress, type TurnIds } from '../utils/fold-frames.js';
import { createFrameBatcher, type Scheduler } from '../utils/frame-batcher.js';
import type { TurnPlan } from '../utils/turn-plan.js';
import { abortTurn } from './abort-turn.js';
import { scheduleTitle } from './schedule-title.js';
import { streamTurn } from './stream-turn.js';

/** Spec 000 §4: a stopped reply that cannot be confirmed keeps its text when it is longer than this. */
const KEEP_PARTIAL_CHARS = 45;

export interface TurnDependencies {
  queryClient: QueryClient;
  localize: Localize;
  /** The server named the new conversation (after `created`). */
  onConversationCreated?(conversationId: string): void;
  /** Submitting is over: final, error, stop or a dropped connection. */
  onSettled(): void;
  scheduler?: Scheduler;
}

export interface TurnHandle {
  /** The stop button: abort on the server, keep what it saved. */
  stop(): Promise<void>;
  /** Leaving the chat screen: drop the request; the server stops on the closed connection. */
  cancel(): void;
  done: Promise<void>;
}

type FinalPayload = { final?: boolean; conversation?: ConversationDto; title?: string; requestMessage?: ChatMessage; responseMessage?: ChatMessage };

const parseJson = (data: string): unknown => {
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return undefined;
  }
};

/**
 * One turn, from the optimistic messages to the stored ones. Every frame is folded into the
 * ['messages', id] cache: progress frames at most once per animation frame, `created`, `final` and
 * `error` at once and in order. The cache entry moves from `new` to the real id on `created`.
 */
export function runTurn(plan: TurnPlan, deps: TurnDependencies): TurnHandle {
  const { queryClient, localize } = deps;
  const controller = new AbortController();
  let cacheKey = plan.cacheKey;
  let conversationId: string | null = plan.isNewConversation ? null : plan.cacheKey;
  let ids: TurnIds = plan.ids;
  let response = plan.response;
  let created = false;
  /** The reply's stored id, as progress frames name it (the placeholder keeps its own until `final`). */
  let serverResponseId: string | undefined;
  let settled = false;
  let stopping = false;

  const update = (change: (messages: ChatMessage[]) => ChatMessage[]) =>
    queryClient.setQueryData<ChatMessage[]>(messagesQueryKey(cacheKey), (messages) => change(messages ?? []));
  const currentText = () => queryClient.getQueryData<ChatMessage[]>(messagesQueryKey(cacheKey))?.find((entry) => entry.messageId === ids.responseMessageId)?.text ?? '';
  const progress = createFrameBatcher<string>((text) => update((messages) => foldProgress(messages, ids, text, response)), deps.scheduler);
  // Optimistic: the question and the reply placeholder show before the server answers at all.
  queryClient.setQueryData<ChatMessage[]>(messagesQueryKey(cacheKey), plan.messages);

  const settle = ({ reconcile = false } = {}) => {
    if (settled) return;
    settled = true;
    progress.cancel();
    deps.onSettled();
    void queryClient.invalidateQueries({ queryKey: ['balance'] });
    // Only the server knows what a turn that ended without `final` saved.
    if (reconcile && conversationId) void queryClient.invalidateQueries({ queryKey: messagesQueryKey(conversationId) });
  };

  const adoptConversation = (id: string | undefined) => {
    if (!id || cacheKey !== NEW_CONVERSATION) return;
    queryClient.setQueryData(messagesQueryKey(id), queryClient.getQueryData<ChatMessage[]>(messagesQueryKey(NEW_CONVERSATION)) ?? []);
    queryClient.removeQueries({ queryKey: messagesQueryKey(NEW_CONVERSATION), exact: true });
    cacheKey = id;
    conversationId = id;
    void refreshConversationList(queryClient);
    deps.onConversationCreated?.(id);
  };

  const onCreated = (message: ChatMessage) => {
    progress.flush();
    created = true;
    update((messages) => {
      const folded = foldCreated(messages, ids, message);
      ids = folded.ids;
      return folded.messages;
    });
    response = { ...response, messageId: ids.responseMessageId, parentMessageId: ids.userMessageId, conversationId: message.conversationId };
    adoptConversation(message.conversationId);
  };

  const onFinal = (payload: FinalPayload) => {
    if (settled) return;
    progress.cancel();
    adoptConversation(payload.conversation?.conversationId);
    update((messages) => foldFinal(messages, ids, payload.requestMessage, payload.responseMessage));
    if (payload.conversation) moveConversationToTop(queryClient, payload.conversation);
    settle();
    const id = payload.conversation?.conversationId ?? conversationId;
    if (!id) return;
    const firstExchange = plan.isNewConversation && payload.requestMessage?.parentMessageId === NO_PARENT;
    const untitled = /new chat/i.test(payload.title ?? '');
    // A stopped reply (finish_reason incomplete) is not titled; the server titles the first reply that
    // runs to its end, which after a failed or stopped first turn is a later one in a "New Chat".
    const completed = !payload.responseMessage?.unfinished && payload.responseMessage?.finish_reason !== 'incomplete';
    if (completed && (firstExchange || untitled)) scheduleTitle(queryClient, id);
    else if (!plan.isNewConversation && untitled) void refreshConversationList(queryClient);
  };

  const onError = (data: unknown) => {
    if (settled) return;
    progress.flush();
    if (data === undefined) data = { text: localize('com_error_connecting') };
    if (!data || typeof data !== 'object') return settle();
    const error = data as Partial<ChatMessage>;
    const message: ChatMessage = {
      ...response,
      ...error,
      messageId: error.messageId ?? response.messageId,
      text: typeof error.text === 'string' ? error.text : localize('com_error_connecting'),
      isCreatedByUser: false,
      unfinished: false,
      error: true,
      clientOnly: !created || undefined,
    };
    update((messages) => foldError(messages, ids, message));
    settle();
  };

  const onEvent = ({ event, data }: SseEvent) => {
    const payload = parseJson(data);
    if (event === 'error') return onError(data ? (payload ?? null) : undefined);
    if (!payload || typeof payload !== 'object') return;
    const frame = payload as Record<string, unknown>;
    if (frame.final) return onFinal(frame as FinalPayload);
    if (frame.created && frame.message && typeof frame.message === 'object') return onCreated(frame.message as ChatMessage);
    // Frozen at the text shown when stop was pressed; the saved reply arrives with the abort answer.
    if (frame.message === true && typeof frame.text === 'string' && !stopping) {
      if (typeof frame.messageId === 'string') serverResponseId = frame.messageId;
      progress.push(frame.text);
    }
  };

  const done = streamTurn({ mode: plan.mode, routeEndpoint: plan.routeEndpoint, body: plan.body, signal: controller.signal, onEvent }).then(
    () => {
      if (stopping || settled) return;
      // The stream ended without `final`: a dropped connection. Show what the server kept, if anything.
      if (conversationId) settle({ reconcile: true });
      else onError(undefined);
    },
    (failure: unknown) => {
      if (stopping || settled) return;
      if (controller.signal.aborted) return settle({ reconcile: true });
      if (failure instanceof SseHttpError) return onError({ text: failure.body || String(failure.status) });
      onError(undefined);
    },
  );

  const keepPartialOrFail = (text: string) => {
    const kept = { ...response, messageId: serverResponseId ?? response.messageId, text, unfinished: true };
    if (text.length > KEEP_PARTIAL_CHARS) update((messages) => foldFinal(messages, ids, undefined, kept));
    else onError({ text: localize('com_error_cancelling') });
  };

  return {
    done,
    cancel: () => controller.abort(),
    async stop() {
      if (settled || stopping) return;
      stopping = true;
      progress.flush();
      // Only "nothing was running" leaves the client guessing what the server kept: then the list is read again.
      let reconcile = false;
      try {
        // Before `created` the server has nothing to stop by id; closing the request stops it.
        if (!conversationId) {
          update((messages) => foldFinal(messages, ids, undefined, { ...response, text: currentText(), unfinished: true, clientOnly: true }));
          return;
        }
        const outcome = await abortTurn(plan.routeEndpoint, conversationId, plan.endpoint);
        if (outcome.kind === 'answer') {
          const payload = outcome.payload as FinalPayload;
          if (payload.final) onFinal(payload);
          else update((messages) => foldFinal(messages, ids, payload.requestMessage, payload.responseMessage ?? { ...response, ...(payload as Partial<ChatMessage>) }));
        } else if (outcome.kind === 'nothing-running') {
          console.info('Abort: no turn was running under', conversationId);
          reconcile = true;
        }
      } catch (failure) {
        console.error(localize('com_error_cancelling'), failure);
        keepPartialOrFail(currentText());
      } finally {
        controller.abort();
        await done;
        settle({ reconcile });
      }
    },
  };
}
