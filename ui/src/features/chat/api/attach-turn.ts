import { assistantsFinalFrameSchema, finalFrameSchema, type ReceivedFrame } from '@protocol';
import type { QueryClient } from '@tanstack/react-query';
import { moveConversationToTop } from '../../../lib/conversation-cache.js';
import { balanceQueryKey, messagesQueryKey } from '../../../lib/query-keys.js';
import { SseHttpError, type SseEvent } from '../../../lib/sse/index.js';
import type { ChatMessage } from '../utils/chat-message.js';
import { foldContentPart, type ContentPartFrame } from '../utils/fold-content-part.js';
import { foldFinal, foldProgress, upsertMessage } from '../utils/fold-frames.js';
import { createFrameBatcher, type Scheduler } from '../utils/frame-batcher.js';
import { readFrame, type ErrorFields } from '../utils/read-frame.js';
import { abortTurn } from './abort-turn.js';
import { fetchStreamWithSession } from './stream-turn.js';
import type { TurnHandle } from './run-turn.js';

export interface AttachDependencies {
  queryClient: QueryClient;
  /** The conversation's endpoint: Stop names it (the server stops by conversation). */
  endpoint: string;
  /** Watching is over: final, error, stop, a dropped connection, or nothing was streaming. */
  onSettled(): void;
  scheduler?: Scheduler;
}

type Progress = Extract<ReceivedFrame, { message: true; text: string; sender: string }>;

/**
 * Re-attaches to the reply streaming in a conversation this client did not start (a reload, a second
 * tab): GET /api/ask/stream/:conversationId sends `created`, the reply so far, then the rest and
 * `final`, folded into the ['messages', id] cache as a turn's own frames are. An assistants run sends
 * `sync` and its content parts instead. A 404 (nothing streams any more) ends it quietly; Stop stops
 * the turn on the server as the asking tab's Stop does.
 */
export function attachTurn(conversationId: string, deps: AttachDependencies): TurnHandle {
  const { queryClient } = deps;
  const controller = new AbortController();
  let live = true;
  let ids = { userMessageId: '', responseMessageId: '' };
  let template: ChatMessage | undefined;

  const update = (change: (messages: ChatMessage[]) => ChatMessage[]) =>
    queryClient.setQueryData<ChatMessage[]>(messagesQueryKey(conversationId), (messages) => change(messages ?? []));
  const progress = createFrameBatcher<Progress>((frame) => {
    if (template) update((messages) => foldProgress(messages, ids, frame.text, template!, frame.plugins ?? undefined));
  }, deps.scheduler);

  const settle = ({ reconcile = false } = {}) => {
    if (!live) return;
    live = false;
    progress.cancel();
    deps.onSettled();
    void queryClient.invalidateQueries({ queryKey: balanceQueryKey });
    if (reconcile) void queryClient.invalidateQueries({ queryKey: messagesQueryKey(conversationId) });
  };

  /** The reply as this client knows it (its stored snapshot), else an empty one the frames fill. */
  const replyTemplate = (messageId: string, parentMessageId: string, sender: string): ChatMessage => {
    const stored = queryClient.getQueryData<ChatMessage[]>(messagesQueryKey(conversationId))?.find((message) => message.messageId === messageId);
    const now = new Date().toISOString();
    // The endpoint names the reply's avatar until `final` brings the stored message.
    return stored ?? { messageId, parentMessageId, conversationId, endpoint: deps.endpoint, sender, text: '', user: '', isCreatedByUser: false, error: false, unfinished: true, isEdited: false, createdAt: now, updatedAt: now };
  };

  const onProgress = (frame: Progress) => {
    ids = { userMessageId: frame.parentMessageId, responseMessageId: frame.messageId };
    template ??= replyTemplate(frame.messageId, frame.parentMessageId, frame.sender);
    progress.push(frame);
  };

  // An assistants run: `sync` names the stored user message and the reply; each part frame sets one part of it.
  const onSync = (frame: Extract<ReceivedFrame, { sync: true }>) => {
    const { requestMessage, responseMessage } = frame;
    ids = { userMessageId: requestMessage.messageId, responseMessageId: responseMessage.messageId };
    update((messages) => {
      const stored = messages.find((message) => message.messageId === requestMessage.messageId);
      return stored ? upsertMessage(messages, stored.messageId, { ...stored, ...requestMessage, isCreatedByUser: true }) : messages;
    });
    template ??= { ...replyTemplate(responseMessage.messageId, requestMessage.messageId, ''), ...responseMessage };
  };
  const onPart = (frame: ContentPartFrame) => {
    if (template) update((messages) => foldContentPart(messages, ids, frame, template!));
  };

  const onFinal = (payload: Extract<ReceivedFrame, { final: true }>) => {
    if (!live) return;
    progress.cancel();
    // The assistants endpoint may answer the whole conversation instead of the pair.
    if ('runMessages' in payload && payload.runMessages && !payload.responseMessage) update(() => payload.runMessages ?? []);
    else update((messages) => foldFinal(messages, ids, payload.requestMessage, payload.responseMessage));
    if (payload.conversation) moveConversationToTop(queryClient, payload.conversation);
    settle();
  };

  const onError = (error: ErrorFields | null | undefined) => {
    if (!live) return;
    progress.flush();
    const messageId = error?.messageId;
    if (!messageId) return settle({ reconcile: true });
    const parentMessageId = error.parentMessageId ?? ids.userMessageId;
    const failed: ChatMessage = {
      ...(template ?? replyTemplate(messageId, parentMessageId, error.sender ?? '')), ...error,
      messageId, parentMessageId, text: error.text ?? '', isCreatedByUser: false, error: true, unfinished: false,
    };
    update((messages) => upsertMessage(messages, messageId, failed));
    settle();
  };

  const onEvent = (event: SseEvent) => {
    const read = readFrame(event);
    if (read.kind === 'error') return onError(read.error);
    if (read.kind !== 'frame' || !live) return;
    const frame = read.frame;
    if ('final' in frame) return onFinal(frame);
    if ('created' in frame) return update((messages) => upsertMessage(messages, frame.message.messageId, frame.message));
    if ('sync' in frame) return onSync(frame);
    if ('index' in frame) return onPart(frame);
    if ('message' in frame && frame.message === true && 'sender' in frame) onProgress(frame);
  };

  const done = fetchStreamWithSession(`/api/ask/stream/${encodeURIComponent(conversationId)}`, { method: 'GET', signal: controller.signal, onEvent }).then(
    // Ended without `final` (the server went away): show what it kept.
    () => settle({ reconcile: true }),
    (failure: unknown) => settle({ reconcile: !(failure instanceof SseHttpError && failure.status === 404) }),
  );

  return {
    done,
    cancel: () => controller.abort(),
    async stop() {
      if (!live) return;
      progress.flush();
      try {
        // The assistants endpoint's runs are keyed by conversation and reply (`<conversationId>:<reply id>`).
        const abortKey = deps.endpoint === 'assistants' ? `${conversationId}:${ids.responseMessageId}` : conversationId;
        const outcome = await abortTurn(deps.endpoint, abortKey, deps.endpoint);
        const final = outcome.kind === 'answer' ? finalFrameSchema.or(assistantsFinalFrameSchema).safeParse(outcome.payload) : undefined;
        if (final?.success) onFinal(final.data);
      } catch (failure) {
        console.error('Stopping the re-attached reply failed', failure);
      } finally {
        controller.abort();
        await done;
        settle({ reconcile: true });
      }
    },
  };
}
