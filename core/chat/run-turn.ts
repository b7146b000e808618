import type { ChatPart, ProviderCredentials } from '../plugin-api/index.js';
import type { AskRequest } from '../protocol/ask.js';
import type { ErrorFrame, FinalFrame } from '../protocol/stream-frames.js';
import { toConversationDto } from '../routes/convos/conversation-dto.js';
import { toMessageDto } from '../routes/messages/message-dto.js';
import type { EndpointEntry } from '../server/endpoints-plugin.js';
import type { Conversation, Message, User } from '../store/types.js';
import { ChatboxError } from '../errors/index.js';
import { upstreamFetch } from '../net/upstream-fetch.js';
import { buildChatRequest, turnOptions } from './build-chat-request.js';
import type { ChatServices } from './chat-services.js';
import type { EventStream } from './event-stream.js';
import { branchTo } from './message-tree.js';
import { senderFor } from './sender.js';
import { countTokens } from './tokens.js';
import { DEFAULT_TITLE } from './titles.js';
import type { TurnPlan } from './turn-plan.js';
import { errorText, failureToError } from './turn-errors.js';
import { paceStream } from './stream-rate.js';
import { watchUpstream } from './stream-watchdog.js';
import { turnStorageError } from './turn-storage.js';

/** A base URL from a user's key is theirs to choose, so calls to it pass the SSRF guard. */
const fetchFor = (services: ChatServices, credentials: ProviderCredentials | undefined) => (credentials?.baseURL ? services.guardedFetch : upstreamFetch);

/** The partial reply is written at most this often while streaming, never per token. */
const PARTIAL_SAVE_MS = 3_000;

export interface TurnInput {
  user: User;
  ip: string;
  entry: EndpointEntry;
  body: AskRequest;
  plan: TurnPlan;
  stream: EventStream;
}

/**
 * One turn, from an open event stream to the final frame: limits and credentials, the user
 * message (then `created`), the upstream stream (cumulative `message` frames), and the saved reply
 * (then `final`). Stopping, a disconnect or a failure after some text keep the text as a finished
 * message (`unfinished: false`) whose finish reason `incomplete` offers Continue, as LibreChat's abort
 * answer does: `unfinished: true` stays on the snapshots written while streaming, so only a reply
 * whose turn never ended (a reload mid-stream, a crash) shows the client's "incomplete" warning.
 */
export async function runTurn(services: ChatServices, input: TurnInput): Promise<void> {
  const { store, log } = services;
  const { user, entry, plan, body, stream } = input;
  const options = turnOptions(body, plan.conversation);
  const sender = senderFor(entry, options);
  const controller = new AbortController();
  stream.onDisconnect(() => controller.abort());
  const failFrame = (error: unknown): ErrorFrame => ({
    sender, messageId: plan.responseMessageId, conversationId: plan.conversationId, parentMessageId: plan.userMessage.messageId,
    text: errorText(error), error: true, final: true, unfinished: false, isCreatedByUser: false,
  });

  // From the request's arrival to the upstream request on the wire is one long piece of synchronous
  // work (sign-in, planning, the SDK's request building): when other turns are streaming, their
  // waiting chunks go out at two points in the middle of it. Alone, the turn goes straight on.
  const othersStreaming = services.aborts.size > 0;
  let release: (() => void) | undefined;
  let credentials: ProviderCredentials | undefined;
  let model: string;
  try {
    if (othersStreaming) await otherStreamsFirst();
    release = await services.limits.acquire(user.id, input.ip);
    credentials = await services.credentials(user.id, entry);
    const models = await services.models.list(entry, user.id, credentials, fetchFor(services, credentials));
    model = options.model ?? models[0] ?? '';
    if (!models.includes(model)) throw new ChatboxError('illegal_model_request', `The model "${model}" is not offered by ${entry.name}`);
  } catch (error) {
    release?.();
    if (!(error instanceof ChatboxError)) log.error({ err: error }, 'turn could not start');
    stream.fail(failFrame(error));
    return;
  }

  try {
    await streamReply(services, input, { options, sender, model, credentials, controller, failFrame, othersStreaming });
  } finally {
    release();
  }
}

interface TurnState {
  options: ReturnType<typeof turnOptions>;
  sender: string;
  model: string;
  credentials: ProviderCredentials | undefined;
  controller: AbortController;
  failFrame: (error: unknown) => ErrorFrame;
  othersStreaming: boolean;
}

const checkPhase = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Between two synchronous pieces of a turn's work (its storage writes, as SQLite calls block the
 * event loop, and its start when other turns stream): the chunks other streams have waiting are read
 * and forwarded first, so that one turn starting or ending holds no other stream's next chunk back
 * for the sum of its pieces.
 */
const otherStreamsFirst = checkPhase;

/**
 * Long enough for the SDK to put a request it just started on the wire: its promise chain runs in
 * microtasks; undici 7 (which every upstream call goes through, see upstream-fetch.ts) writes to a
 * kept-alive connection one check phase later (it first looks for bytes the server sent on the idle
 * socket), which is after a first setImmediate queued before it.
 */
async function requestOnTheWire(): Promise<void> {
  await checkPhase();
  await checkPhase();
}

async function streamReply(services: ChatServices, input: TurnInput, state: TurnState): Promise<void> {
  const { store, log } = services;
  const { user, entry, plan, stream } = input;
  const { options, sender, model, controller } = state;
  const now = new Date();

  const userMessage: Message = plan.userMessage.isNew
    ? {
        messageId: plan.userMessage.messageId, conversationId: plan.conversationId, user: user.id, parentMessageId: plan.userMessage.parentMessageId,
        endpoint: entry.name, model, sender: 'User', text: plan.userMessage.text, isCreatedByUser: true, error: false, unfinished: false,
        createdAt: now, updatedAt: now,
      }
    : plan.messages.find((message) => message.messageId === plan.userMessage.messageId)!;
  const branch = [...branchTo(plan.messages, plan.userMessage.parentMessageId), userMessage];
  const built = buildChatRequest({ model, userId: user.id, options, branch, generation: plan.generation });

  let text = plan.generation;
  const reply = (fields: Partial<Message>) =>
    store.messages.upsert({
      messageId: plan.responseMessageId, conversationId: plan.conversationId, user: user.id, parentMessageId: userMessage.messageId,
      endpoint: entry.name, model, sender, text, isCreatedByUser: false, error: false, unfinished: true,
      createdAt: plan.responseCreatedAt, ...fields,
    });
  let saving: Promise<unknown> = Promise.resolve();
  let lastSave = Date.now();
  let finishReason: string = 'stop';
  let failure: ChatboxError | undefined;
  let usage: { promptTokens: number; completionTokens: number } | undefined;

  let resolveSettled!: (payload: unknown) => void;
  const settled = new Promise<unknown>((resolve) => (resolveSettled = resolve));
  const unregister = services.aborts.add(user.id, plan.conversationId, { controller, settled });

  // The model takes tens to hundreds of milliseconds to its first token: the request goes out first,
  // and the conversation and the user's message are stored while it is on its way.
  let parts: AsyncIterator<ChatPart> | undefined;
  let firstPart: Promise<IteratorResult<ChatPart>> | undefined;
  try {
    await services.balance.assertCanAfford(user.id, model, built.promptTokens);
    if (state.othersStreaming) await otherStreamsFirst();
    parts = entry.provider.stream(built.request, { signal: controller.signal, credentials: state.credentials, fetch: fetchFor(services, state.credentials) })[Symbol.asyncIterator]();
    firstPart = parts.next();
    await requestOnTheWire();
  } catch (error) {
    failure = error instanceof ChatboxError ? error : new ChatboxError('internal');
    if (!(error instanceof ChatboxError)) log.error({ err: error }, 'turn failed');
  }

  let conversation: Conversation;
  try {
    conversation = await store.conversations.upsert({
      ...options, conversationId: plan.conversationId, user: user.id, title: plan.conversation?.title ?? DEFAULT_TITLE,
      endpoint: entry.name, endpointType: entry.type, model,
    });
    if (plan.userMessage.isNew) {
      await otherStreamsFirst();
      // Counted now rather than before the request: the tokenizer's first run after a pause is slow.
      userMessage.tokenCount = countTokens(userMessage.text, model);
      await store.messages.upsert(userMessage);
    }
  } catch (error) {
    // Nothing of the turn could be kept: stop the upstream call and say so.
    log.error({ err: error, conversationId: plan.conversationId }, 'storing the turn failed: the user message was not saved');
    controller.abort();
    await parts?.return?.();
    stream.fail(state.failFrame(turnStorageError('message', error)));
    resolveSettled(null);
    unregister();
    return;
  }
  stream.send({ created: true, message: toMessageDto(userMessage) });

  // Armed only now: the turn's own storage writes above (and the tokenizer's first, slow run) are not upstream silence.
  const upstream = watchUpstream(controller, entry.timeoutMs ?? services.timings.upstreamTimeoutMs);
  try {
    let initial = true;
    const ended: IteratorResult<ChatPart> = { done: true, value: undefined };
    for (let next = firstPart ? await firstPart : ended; !next.done; next = await parts!.next()) {
      const part = next.value;
      upstream.partArrived();
      if (part.type === 'text-delta') {
        text += part.text;
        stream.send({ message: true, text, initial, messageId: plan.responseMessageId, parentMessageId: userMessage.messageId, conversationId: plan.conversationId, sender });
        initial = false;
        if (Date.now() - lastSave >= PARTIAL_SAVE_MS) {
          lastSave = Date.now();
          const snapshot = text;
          saving = saving.then(otherStreamsFirst).then(() => reply({ text: snapshot })).catch((error: unknown) => log.warn({ err: error }, 'saving the partial reply failed'));
        }
        await paceStream(entry.streamRate, controller.signal);
      } else if (part.type === 'usage') {
        usage = { promptTokens: part.promptTokens, completionTokens: part.completionTokens };
      } else if (part.type === 'finish') {
        finishReason = part.finishReason;
      } else if (part.type === 'error') {
        if (part.error.kind === 'aborted' || controller.signal.aborted) finishReason = 'incomplete';
        else failure = failureToError(part.error, state.credentials !== undefined);
      }
    }
    if (controller.signal.aborted) finishReason = 'incomplete';
  } catch (error) {
    failure = error instanceof ChatboxError ? error : new ChatboxError('internal');
    if (!(error instanceof ChatboxError)) log.error({ err: error }, 'turn failed');
  }
  upstream.stop();
  if (upstream.timedOut) {
    failure = upstream.error();
    log.warn({ endpoint: entry.name, model, conversationId: plan.conversationId }, failure.message);
  }

  await saving;
  const promptTokens = usage?.promptTokens || built.promptTokens();
  const completionTokens = usage?.completionTokens || countTokens(text.slice(plan.generation.length), model);
  const keepPartial = text.length > plan.generation.length;
  // The store refusing the reply ends the turn with an error that says so, never a `final` for a reply that is gone.
  const replyNotStored = (error: unknown) => {
    log.error({ err: error, conversationId: plan.conversationId }, 'storing the reply failed');
    stream.fail(state.failFrame(turnStorageError('reply', error)));
    resolveSettled(null);
    unregister();
  };
  if (failure && !keepPartial) {
    const saved = await reply({ text: errorText(failure), error: true, unfinished: false, finish_reason: 'error' }).catch((error: unknown) => replyNotStored(error));
    if (!saved) return;
    stream.fail({ ...toMessageDto(saved), error: true, isCreatedByUser: false, final: true });
    resolveSettled(null);
    unregister();
    return;
  }

  const cut = failure !== undefined || finishReason === 'incomplete';
  // The provider's own count when it reported one (no second pass of the tokenizer over the reply).
  const tokenCount = plan.generation ? countTokens(text, model) : completionTokens;
  await otherStreamsFirst();
  const response = await reply({ text, unfinished: false, finish_reason: cut ? 'incomplete' : finishReason, tokenCount }).catch((error: unknown) => replyNotStored(error));
  if (!response) return;
  await otherStreamsFirst();
  conversation = (await store.conversations.update(user.id, plan.conversationId, { model, endpoint: entry.name }).catch((error: unknown) => log.error({ err: error }, 'updating the conversation failed'))) ?? conversation;
  await services.balance.spend({ userId: user.id, conversationId: plan.conversationId, model, context: cut ? 'incomplete' : 'message', promptTokens, completionTokens }).catch((error: unknown) => log.error({ err: error }, 'recording the token spend failed'));
  const payload: FinalFrame = { final: true, conversation: toConversationDto(conversation), title: conversation.title, requestMessage: toMessageDto(userMessage), responseMessage: toMessageDto(response) };
  stream.send(payload);
  stream.end();
  resolveSettled(payload);
  unregister();

  if (!cut && needsTitle(plan) && services.env.TITLE_CONVO && entry.titleConvo !== false) {
    services.titles.schedule({ userId: user.id, conversationId: plan.conversationId, entry, model: entry.titleModel ?? model, credentials: state.credentials, fetch: fetchFor(services, state.credentials), userText: userMessage.text, replyText: text });
  }
}

/**
 * A conversation is titled by its first reply that ran to its end: usually the first exchange, but
 * when that one failed or was stopped (and the title is still the default), the next one that
 * completes. Once a reply has completed, later turns leave the title alone, so a title model that
 * keeps failing costs one attempt, not one per turn.
 */
function needsTitle(plan: TurnPlan): boolean {
  if (plan.conversation === null) return true;
  if (plan.conversation.title !== DEFAULT_TITLE) return false;
  return !plan.messages.some((message) => !message.isCreatedByUser && !message.error && message.finish_reason !== 'incomplete' && !message.unfinished);
}
