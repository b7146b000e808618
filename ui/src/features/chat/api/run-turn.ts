import { assistantsFinalFrameSchema, finalFrameSchema, messageDtoSchema, type ReceivedFrame } from '@protocol';
import type { QueryClient } from '@tanstack/react-query';
import { moveConversationToTop, refreshConversationList } from '../../../lib/conversation-cache.js';
import type { Localize } from '../../../lib/i18n/index.js';
import { balanceQueryKey, messagesQueryKey } from '../../../lib/query-keys.js';
import { SseHttpError, type SseEvent } from '../../../lib/sse/index.js';
import { NO_PARENT, type ChatMessage } from '../utils/chat-message.js';
import { foldContentPart } from '../utils/fold-content-part.js';
import { foldCreated, foldError, foldFinal, foldProgress } from '../utils/fold-frames.js';
import { createFrameBatcher, type Scheduler } from '../utils/frame-batcher.js';
import { readFrame, type ErrorFields } from '../utils/read-frame.js';
import type { TurnPlan } from '../utils/turn-plan.js';
import { canStop, initialTurnState, isLive, turnReducer, type TurnEvent } from '../utils/turn-state.js';
import { abortTurn } from './abort-turn.js';
import { scheduleTitle } from './schedule-title.js';
import { streamTurn } from './stream-turn.js';

/** Spec 000 §4: a stopped reply that cannot be confirmed keeps its text when it is longer than this. */
const KEEP_PARTIAL_CHARS = 45;

/** An abort answer that is a `final` payload (contract §4.8). */
const finalAnswerSchema = finalFrameSchema.or(assistantsFinalFrameSchema);

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

type FinalPayload = Extract<ReceivedFrame, { final: true }>;

/**
 * One turn, from the optimistic messages to the stored ones: the effect shell around the pure turn
 * state (utils/turn-state.ts) and the frame folding (utils/fold-frames.ts). Every frame is folded
 * into the ['messages', id] cache: progress frames at most once per animation frame, `created`,
 * `final` and `error` at once and in order. The cache entry moves from `new` to the real id on `created`.
 */
export function runTurn(plan: TurnPlan, deps: TurnDependencies): TurnHandle {
  const { queryClient, localize } = deps;
  const controller = new AbortController();
  let state = initialTurnState(plan);

  const update = (change: (messages: ChatMessage[]) => ChatMessage[]) =>
    queryClient.setQueryData<ChatMessage[]>(messagesQueryKey(state.cacheKey), (messages) => change(messages ?? []));
  const currentText = () => queryClient.getQueryData<ChatMessage[]>(messagesQueryKey(state.cacheKey))?.find((entry) => entry.messageId === state.ids.responseMessageId)?.text ?? '';
  const progress = createFrameBatcher<{ text: string; plugins?: readonly unknown[] }>(
    ({ text, plugins }) => update((messages) => foldProgress(messages, state.ids, text, state.response, plugins)),
    deps.scheduler,
  );
  // Optimistic: the question and the reply placeholder show before the server answers at all.
  queryClient.setQueryData<ChatMessage[]>(messagesQueryKey(state.cacheKey), plan.messages);

  /** Applies an event; a new chat named by the server moves its cache entry and tells the screen. */
  const dispatch = (event: TurnEvent) => {
    const previous = state;
    state = turnReducer(state, event);
    if (state.cacheKey === previous.cacheKey) return;
    queryClient.setQueryData(messagesQueryKey(state.cacheKey), queryClient.getQueryData<ChatMessage[]>(messagesQueryKey(previous.cacheKey)) ?? []);
    queryClient.removeQueries({ queryKey: messagesQueryKey(previous.cacheKey), exact: true });
    void refreshConversationList(queryClient);
    deps.onConversationCreated?.(state.cacheKey);
  };

  const settle = ({ reconcile = false } = {}) => {
    if (!isLive(state)) return;
    dispatch({ type: 'settle' });
    progress.cancel();
    deps.onSettled();
    void queryClient.invalidateQueries({ queryKey: balanceQueryKey });
    // Only the server knows what a turn that ended without `final` saved.
    if (reconcile && state.conversationId) void queryClient.invalidateQueries({ queryKey: messagesQueryKey(state.conversationId) });
  };

  const onCreated = (message: ChatMessage) => {
    progress.flush();
    const ids = state.ids;
    update((messages) => foldCreated(messages, ids, message).messages);
    dispatch({ type: 'created', message });
  };

  const onFinal = (payload: FinalPayload) => {
    if (!isLive(state)) return;
    progress.cancel();
    if (payload.conversation) dispatch({ type: 'conversation', conversationId: payload.conversation.conversationId });
    // The assistants endpoint may answer the whole conversation instead of the pair.
    if ('runMessages' in payload && payload.runMessages && !payload.responseMessage) update(() => payload.runMessages ?? []);
    else update((messages) => foldFinal(messages, state.ids, payload.requestMessage, payload.responseMessage));
    if (payload.conversation) moveConversationToTop(queryClient, payload.conversation);
    settle();
    const id = payload.conversation?.conversationId ?? state.conversationId;
    if (!id) return;
    const firstExchange = plan.isNewConversation && payload.requestMessage?.parentMessageId === NO_PARENT;
    const untitled = /new chat/i.test(payload.title ?? '');
    // A stopped reply (finish_reason incomplete) is not titled; the server titles the first reply that
    // runs to its end, which after a failed or stopped first turn is a later one in a "New Chat".
    const completed = !payload.responseMessage?.unfinished && payload.responseMessage?.finish_reason !== 'incomplete';
    if (completed && (firstExchange || untitled)) scheduleTitle(queryClient, id);
    else if (!plan.isNewConversation && untitled) void refreshConversationList(queryClient);
  };

  const onError = (error: ErrorFields | null | undefined) => {
    if (!isLive(state)) return;
    progress.flush();
    if (error === undefined) error = { text: localize('com_error_connecting') };
    if (error === null) return settle();
    const { response } = state;
    const message: ChatMessage = {
      ...response,
      ...error,
      messageId: error.messageId ?? response.messageId,
      text: typeof error.text === 'string' ? error.text : localize('com_error_connecting'),
      isCreatedByUser: false,
      unfinished: false,
      error: true,
      clientOnly: !state.created || undefined,
    };
    update((messages) => foldError(messages, state.ids, message));
    settle();
  };

  // The assistants endpoint: `sync` names the stored user message and the reply; content parts fill the reply.
  const onSync = (frame: Extract<ReceivedFrame, { sync: true }>) => {
    const user = plan.messages.find((message) => message.messageId === plan.ids.userMessageId);
    onCreated({ ...plan.response, ...user, ...frame.requestMessage, isCreatedByUser: true, clientOnly: undefined });
    dispatch({ type: 'progress', messageId: frame.responseMessage.messageId });
  };

  const onFrame = (frame: ReceivedFrame) => {
    if ('final' in frame) return onFinal(frame);
    if ('created' in frame) return onCreated(frame.message);
    if ('sync' in frame) return onSync(frame);
    if ('index' in frame) {
      if (state.phase === 'stopping') return;
      return update((messages) => foldContentPart(messages, state.ids, frame, state.response));
    }
    // Text progress; keep-alive frames carry nothing to show.
    if (!('message' in frame)) return;
    const before = state;
    dispatch({ type: 'progress', messageId: frame.messageId });
    if (state !== before) progress.push({ text: frame.text, plugins: frame.plugins ?? undefined });
  };

  const onEvent = (event: SseEvent) => {
    const read = readFrame(event);
    if (read.kind === 'error') return onError(read.error);
    if (read.kind === 'frame') onFrame(read.frame);
  };

  const done = streamTurn({ mode: plan.mode, routeEndpoint: plan.routeEndpoint, body: plan.body, signal: controller.signal, onEvent }).then(
    () => {
      if (!canStop(state)) return;
      // The stream ended without `final`: a dropped connection. Show what the server kept, if anything.
      if (state.conversationId) settle({ reconcile: true });
      else onError(undefined);
    },
    (failure: unknown) => {
      if (!canStop(state)) return;
      if (controller.signal.aborted) return settle({ reconcile: true });
      if (failure instanceof SseHttpError) return onError({ text: failure.body || String(failure.status) });
      onError(undefined);
    },
  );

  const keepPartialOrFail = (text: string) => {
    const { response, serverResponseId } = state;
    const kept = { ...response, messageId: serverResponseId ?? response.messageId, text, unfinished: true };
    if (text.length > KEEP_PARTIAL_CHARS) update((messages) => foldFinal(messages, state.ids, undefined, kept));
    else onError({ text: localize('com_error_cancelling') });
  };

  /** The abort answer: a `final` payload is folded like the frame; any other JSON is the partial result. */
  const onAbortAnswer = (payload: Record<string, unknown>) => {
    const final = finalAnswerSchema.safeParse(payload);
    if (final.success) return onFinal(final.data);
    const request = messageDtoSchema.safeParse(payload.requestMessage);
    const response = messageDtoSchema.safeParse(payload.responseMessage);
    update((messages) => foldFinal(messages, state.ids, request.data, response.data ?? { ...state.response, ...payload }));
  };

  return {
    done,
    cancel: () => controller.abort(),
    async stop() {
      if (!canStop(state)) return;
      dispatch({ type: 'stop' });
      progress.flush();
      // Only "nothing was running" leaves the client guessing what the server kept: then the list is read again.
      let reconcile = false;
      try {
        // Before `created` the server has nothing to stop by id; closing the request stops it.
        const { conversationId } = state;
        if (!conversationId) {
          update((messages) => foldFinal(messages, state.ids, undefined, { ...state.response, text: currentText(), unfinished: true, clientOnly: true }));
          return;
        }
        // The assistants endpoint's runs are keyed by conversation and reply (`<conversationId>:<reply id>`).
        const abortKey = plan.routeEndpoint === 'assistants' ? `${conversationId}:${state.serverResponseId ?? ''}` : conversationId;
        const outcome = await abortTurn(plan.routeEndpoint, abortKey, plan.endpoint);
        if (outcome.kind === 'answer') onAbortAnswer(outcome.payload);
        else if (outcome.kind === 'nothing-running') {
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
