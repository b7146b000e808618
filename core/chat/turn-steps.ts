import type { ChatPart, ProviderCredentials } from '../plugin-api/index.js';
import type { ErrorFrame, FinalFrame } from '../protocol/stream-frames.js';
import { toConversationDto } from '../presenters/conversation-dto.js';
import { toMessageDto } from '../presenters/message-dto.js';
import type { AskRequest } from '../protocol/ask.js';
import { endpointOptionsSchema, type EndpointOptionsInput } from '../protocol/preset.js';
import type { ConfiguredEndpoint } from '../endpoints/configured-endpoint.js';
import type { Conversation } from '../store/repositories/conversations.js';
import type { Message } from '../store/repositories/messages.js';
import type { User } from '../store/repositories/users.js';
import { ChatboxError } from '../errors/index.js';
import { upstreamFetch } from '../net/upstream-fetch.js';
import type { ResolvedTool } from '../tools/tool-catalogue.js';
import type { PluginsAgentSettings } from './plugins-agent/agent-options.js';
import type { BuiltRequest, turnOptions } from './build-chat-request.js';
import type { ChatServices } from './chat-services.js';
import type { ReplyAccumulator } from './reply-accumulator.js';
import type { EventStream } from './event-stream.js';
import type { TurnPlan } from './turn-plan.js';
import { paceStream } from './stream-rate.js';
import { watchUpstream } from './stream-watchdog.js';
import { countTokens } from './tokens.js';
import { DEFAULT_TITLE } from './titles.js';
import { errorText } from './turn-errors.js';
import { otherStreamsFirst, requestOnTheWire } from './turn-scheduling.js';
import { turnStorageError } from './turn-storage.js';

/** The endpoint options among an upstream's conversation state (anything else it reported is not kept). */
function sessionOptions(state: Record<string, unknown>): EndpointOptionsInput {
  const parsed = endpointOptionsSchema.partial().safeParse(state);
  return parsed.success ? parsed.data : {};
}

/** A base URL from a user's key is theirs to choose, so calls to it pass the SSRF guard. */
export const fetchFor = (services: ChatServices, credentials: ProviderCredentials | undefined) => (credentials?.baseURL ? services.guardedFetch : upstreamFetch);

/** The partial reply is written at most this often while streaming, never per token. */
const PARTIAL_SAVE_MS = 3_000;

export interface TurnInput {
  user: User;
  ip: string;
  entry: ConfiguredEndpoint;
  body: AskRequest;
  plan: TurnPlan;
  stream: EventStream;
}

/** What a turn settled on before it streams. */
export interface TurnSettings {
  options: ReturnType<typeof turnOptions>;
  sender: string;
  model: string;
  credentials: ProviderCredentials | undefined;
  controller: AbortController;
  failFrame: (error: unknown) => ErrorFrame;
  othersStreaming: boolean;
  /** The tools the model may call this turn (the conversation's `tools`); empty for a plain turn. */
  tools: ResolvedTool[];
  /** The plugins endpoint's agent, when its turn has tools (plugins-agent/). */
  agent?: PluginsAgentSettings;
}

/** Everything the steps of one started turn share. */
export interface Turn extends TurnSettings {
  services: ChatServices;
  input: TurnInput;
  userMessage: Message;
  built: BuiltRequest;
  accumulator: ReplyAccumulator;
  /** Prompt tokens of the images attached to the turn's own user message (kept in its tokenCount). */
  userImageTokens: number;
}

/** The provider's stream, started: its first part is already on its way. */
export interface Upstream {
  parts?: AsyncIterator<ChatPart>;
  firstPart?: Promise<IteratorResult<ChatPart>>;
}

/** Writes the turn's reply (a snapshot while streaming: `unfinished` unless the fields say otherwise). */
export function writeReply({ services, input, model, sender, userMessage, accumulator }: Turn, fields: Partial<Message>): Promise<Message> {
  const { user, entry, plan } = input;
  return services.store.messages.upsert({
    messageId: plan.responseMessageId, conversationId: plan.conversationId, user: user.id, parentMessageId: userMessage.messageId,
    endpoint: entry.name, model, sender, text: accumulator.text, isCreatedByUser: false, error: false, unfinished: true,
    ...(accumulator.toolRuns.length > 0 ? { plugins: [...accumulator.toolRuns] } : {}),
    createdAt: plan.responseCreatedAt, ...fields,
  });
}

/**
 * Step 2: the balance check, then the upstream request. The model takes tens to hundreds of
 * milliseconds to its first token: the request goes out first, and the conversation and the user's
 * message are stored while it is on its way. A failure here is the reply's, reported after `created`.
 */
export async function sendRequest(turn: Turn): Promise<Upstream> {
  const { services, input, built, controller, credentials } = turn;
  const upstream: Upstream = {};
  try {
    await services.balance.assertCanAfford(input.user.id, built.request.model, built.promptTokens);
    if (turn.othersStreaming) await otherStreamsFirst();
    upstream.parts = input.entry.provider.stream(built.request, { signal: controller.signal, credentials, fetch: fetchFor(services, credentials) })[Symbol.asyncIterator]();
    upstream.firstPart = upstream.parts.next();
    await requestOnTheWire();
  } catch (error) {
    turn.accumulator.fail(error instanceof ChatboxError ? error : new ChatboxError('internal'));
    if (!(error instanceof ChatboxError)) services.log.error({ err: error }, 'turn failed');
  }
  return upstream;
}

/** Step 3: the conversation and the turn's new user message are stored (a rejection is the caller's to report). */
export async function storeTurnStart({ services, input, options, model, userMessage, userImageTokens }: Turn): Promise<Conversation> {
  const { user, entry, plan } = input;
  const conversation = await services.store.conversations.upsert({
    ...options, conversationId: plan.conversationId, user: user.id, title: plan.conversation?.title ?? DEFAULT_TITLE,
    endpoint: entry.name, endpointType: entry.type, model,
  });
  if (plan.userMessage.isNew) {
    await otherStreamsFirst();
    // Counted now rather than before the request: the tokenizer's first run after a pause is slow.
    userMessage.tokenCount = countTokens(userMessage.text, model) + userImageTokens;
    await services.store.messages.upsert(userMessage);
  }
  return conversation;
}

/**
 * Step 4: the provider's parts become progress frames (paced by the endpoint's streamRate), with an
 * `unfinished` snapshot of the reply saved at most every PARTIAL_SAVE_MS; a silent upstream is given
 * up on by the watchdog. Resolves once the last snapshot is written.
 */
export async function readReply(turn: Turn, { parts, firstPart }: Upstream): Promise<void> {
  const { services, input, controller, accumulator } = turn;
  const { entry, stream, plan } = input;
  let saving: Promise<unknown> = Promise.resolve();
  let lastSave = Date.now();
  // Armed only now: the turn's own storage writes (and the tokenizer's first, slow run) are not upstream silence.
  const upstream = watchUpstream(controller, entry.timeoutMs ?? services.timings.upstreamTimeoutMs);
  try {
    const ended: IteratorResult<ChatPart> = { done: true, value: undefined };
    for (let next = firstPart ? await firstPart : ended; !next.done; next = await parts!.next()) {
      upstream.partArrived();
      const frame = accumulator.add(next.value, controller.signal.aborted);
      if (!frame) continue;
      stream.send(frame);
      if (Date.now() - lastSave >= PARTIAL_SAVE_MS) {
        lastSave = Date.now();
        const snapshot = frame.text;
        saving = saving.then(otherStreamsFirst).then(() => writeReply(turn, { text: snapshot })).catch((error: unknown) => services.log.warn({ err: error }, 'saving the partial reply failed'));
      }
      await paceStream(entry.streamRate, controller.signal);
    }
    accumulator.streamEnded(controller.signal.aborted);
  } catch (error) {
    accumulator.fail(error instanceof ChatboxError ? error : new ChatboxError('internal'));
    if (!(error instanceof ChatboxError)) services.log.error({ err: error }, 'turn failed');
  }
  upstream.stop();
  if (upstream.timedOut) {
    const failure = upstream.error();
    accumulator.fail(failure);
    services.log.warn({ endpoint: entry.name, model: turn.model, conversationId: plan.conversationId }, failure.message);
  }
  await saving;
}

/**
 * Step 5: the reply is stored (as the error, when nothing was written), the conversation updated
 * and the tokens spent, then `final`. The store refusing the reply ends the turn with an error that
 * says so, never a `final` for a reply that is gone. Resolves with the final payload, or null when
 * the turn ended in an error.
 */
export async function saveReply(turn: Turn, started: Conversation): Promise<FinalFrame | null> {
  const { services, input, model, built, accumulator, userMessage } = turn;
  const { store, log } = services;
  const { user, entry, plan, stream } = input;
  const outcome = accumulator.outcome();
  const promptTokens = accumulator.usage?.promptTokens || built.promptTokens();
  // The last model call's: the agent loop spends each earlier step's as it goes.
  const completionTokens = accumulator.usage?.completionTokens || countTokens(accumulator.toolRuns.length > 0 ? accumulator.stepText : accumulator.text.slice(plan.generation.length), model);
  const replyNotStored = (error: unknown) => {
    log.error({ err: error, conversationId: plan.conversationId }, 'storing the reply failed');
    stream.fail(turn.failFrame(turnStorageError('reply', error)));
  };
  if (outcome.kind === 'failed') {
    const saved = await writeReply(turn, { text: errorText(outcome.failure), error: true, unfinished: false, finish_reason: 'error' }).catch((error: unknown) => replyNotStored(error));
    if (saved) stream.fail({ ...toMessageDto(saved), error: true, isCreatedByUser: false, final: true });
    return null;
  }

  // The provider's own count when it reported one (no second pass of the tokenizer over the reply).
  const tokenCount = plan.generation ? countTokens(outcome.text, model) : completionTokens;
  await otherStreamsFirst();
  const upstream = Object.keys(accumulator.session.reply).length > 0 ? { upstream: accumulator.session.reply } : {};
  const response = await writeReply(turn, { text: outcome.text, unfinished: false, finish_reason: outcome.finishReason, tokenCount, ...upstream }).catch((error: unknown) => replyNotStored(error));
  if (!response) return null;
  await otherStreamsFirst();
  const conversation = (await store.conversations.update(user.id, plan.conversationId, { ...sessionOptions(accumulator.session.conversation), model, endpoint: entry.name }).catch((error: unknown) => log.error({ err: error }, 'updating the conversation failed'))) ?? started;
  // At the price of the model called last (a plugins agent may run another model than the reply's).
  await services.balance.spend({ userId: user.id, conversationId: plan.conversationId, model: built.request.model, context: outcome.cut ? 'incomplete' : 'message', promptTokens, completionTokens }).catch((error: unknown) => log.error({ err: error }, 'recording the token spend failed'));
  const payload: FinalFrame = { final: true, conversation: toConversationDto(conversation), title: conversation.title, requestMessage: toMessageDto(userMessage), responseMessage: toMessageDto(response) };
  stream.send(payload);
  stream.end();
  return payload;
}
