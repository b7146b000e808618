import { nextStepRequest, offerTools, stepLimitNote } from '../../chat/agent-loop.js';
import { buildChatRequest, type BuiltRequest } from '../../chat/build-chat-request.js';
import type { ChatServices } from '../../chat/chat-services.js';
import type { EventStream } from '../../chat/event-stream.js';
import { branchTo } from '../../chat/message-tree.js';
import { countTokens } from '../../chat/tokens.js';
import { loadBranchImages } from '../../chat/turn-images.js';
import { DEFAULT_TITLE } from '../../chat/titles.js';
import { errorText } from '../../chat/turn-errors.js';
import { ChatboxError } from '../../errors/index.js';
import type { ToolCallPart } from '../../plugin-api/index.js';
import { toConversationDto } from '../../presenters/conversation-dto.js';
import { toMessageDto } from '../../presenters/message-dto.js';
import type { AssistantChatRequest } from '../../protocol/assistant-chat.js';
import type { AssistantsFinalFrame, ErrorFrame } from '../../protocol/stream-frames.js';
import type { Conversation } from '../../store/repositories/conversations.js';
import type { Message } from '../../store/repositories/messages.js';
import type { User } from '../../store/repositories/users.js';
import type { AssistantsEndpoint } from '../assistants-endpoint.js';
import { createContentParts, type ContentParts } from './content-parts.js';
import { callModel, type StepContext } from './model-step.js';
import { planRun, runIds, type RunIds, type RunPlan } from './plan-run.js';
import { rewriteReplyTexts, runStepCalls } from './run-calls.js';
import { runTitleJob } from './run-title.js';
import type { CapabilityToolFactories } from './run-tools.js';

export interface AssistantRunInput {
  user: User;
  ip: string;
  endpoint: AssistantsEndpoint;
  body: AssistantChatRequest;
  stream: EventStream;
  factories: CapabilityToolFactories;
  /** The run's ids when the caller needed them first (the route opens the live reply under the conversation); made here otherwise. */
  ids?: RunIds;
}

/** `event: error` before a run exists (wave2 notes §2.10): a whole message, so the client shows it. */
function errorFrame(ids: RunIds, error: unknown, extra: Record<string, unknown>): ErrorFrame {
  return {
    sender: 'System', messageId: ids.responseMessageId, conversationId: ids.conversationId, parentMessageId: ids.parentMessageId,
    unfinished: false, error: true, final: true, text: errorText(error), isCreatedByUser: false, ...extra,
  };
}

/**
 * One run of an assistant (POST /api/assistants/chat), LibreChat's frames from the sync to the
 * final: checked (plan-run.ts), the conversation and the user's message stored, `sync`, then the
 * model called with the thread as history and the assistant's tools, each call run and answered
 * (the agent loop's tool execution), text and calls streamed as content parts. The reply is saved
 * with its parts however the run ends: finished, stopped (POST …/chat/abort answers the same final
 * payload), or failed (an `error` part, as LibreChat ends a run that failed after it started).
 */
export async function runAssistant(services: ChatServices, input: AssistantRunInput): Promise<void> {
  const { user, body, stream, endpoint } = input;
  const ids = input.ids ?? runIds(body);
  let release: (() => void) | undefined;
  let plan: RunPlan;
  try {
    release = await services.limits.acquire(user.id, input.ip);
    plan = await planRun(services, { endpoint, userId: user.id, body, ids, factories: input.factories });
  } catch (error) {
    release?.();
    if (!(error instanceof ChatboxError)) services.log.error({ err: error }, 'an assistants run could not start');
    const known = body.assistant_id ? { assistant_id: body.assistant_id, endpoint: endpoint.entry.name, ...(body.thread_id ? { thread_id: body.thread_id } : {}) } : {};
    stream.fail(errorFrame(ids, error, known));
    return;
  }
  try {
    await streamRun(services, input, plan);
  } finally {
    release();
  }
}

/** The run's user message, stored as LibreChat stores it: `model` is the assistant's id (the client's icon lookup). */
function userMessageOf(plan: RunPlan, user: User, endpointName: string, text: string): Message {
  const now = new Date();
  return {
    messageId: plan.userMessageId, conversationId: plan.conversationId, user: user.id, parentMessageId: plan.parentMessageId,
    endpoint: endpointName, model: plan.assistant.id, sender: 'User', text, isCreatedByUser: true, error: false, unfinished: false,
    thread_id: plan.thread_id, ...(plan.files.length > 0 ? { files: plan.files } : {}), createdAt: now, updatedAt: now,
  };
}

async function storeRunStart(services: ChatServices, plan: RunPlan, userMessage: Message, endpointName: string, body: AssistantChatRequest): Promise<Conversation> {
  const { createdAt: _createdAt, updatedAt: _updatedAt, ...kept } = plan.conversation ?? {};
  const conversation = await services.store.conversations.upsert({
    ...kept, conversationId: plan.conversationId, user: userMessage.user, title: plan.conversation?.title ?? DEFAULT_TITLE,
    endpoint: endpointName, model: plan.model, assistant_id: plan.assistant.id, thread_id: plan.thread_id,
    instructions: body.instructions ?? plan.conversation?.instructions ?? null, promptPrefix: body.promptPrefix ?? plan.conversation?.promptPrefix ?? null,
  });
  userMessage.tokenCount = countTokens(userMessage.text, plan.model);
  await services.store.messages.upsert(userMessage);
  return conversation;
}

/** Steps after the checks: registered for the stop route from the sync frame until the reply is saved. */
async function streamRun(services: ChatServices, input: AssistantRunInput, plan: RunPlan): Promise<void> {
  const { user, stream, body } = input;
  const endpointName = input.endpoint.entry.name;
  const userMessage = userMessageOf(plan, user, endpointName, body.text);
  const frameIds = { conversationId: plan.conversationId, thread_id: plan.thread_id };
  let conversation: Conversation;
  try {
    conversation = await storeRunStart(services, plan, userMessage, endpointName, body);
  } catch (error) {
    services.log.error({ err: error, conversationId: plan.conversationId }, 'storing the run failed: the user message was not saved');
    stream.fail(errorFrame(plan, new ChatboxError('storage_failed', 'Your message could not be saved, so the run did not start. Tell the administrator.'), { ...frameIds, assistant_id: plan.assistant.id, endpoint: endpointName }));
    return;
  }
  const responseIds = { messageId: plan.responseMessageId, parentMessageId: plan.userMessageId, ...frameIds, assistant_id: plan.assistant.id, model: plan.assistant.id, user: user.id };
  stream.send({
    sync: true, conversationId: plan.conversationId,
    requestMessage: { ...toMessageDto(userMessage), assistant_id: plan.assistant.id, file_ids: plan.files.map((file) => file.file_id) },
    responseMessage: responseIds,
  });

  const controller = new AbortController();
  stream.onDisconnect(() => controller.abort());
  let resolveSettled!: (payload: AssistantsFinalFrame | null) => void;
  const settled = new Promise<AssistantsFinalFrame | null>((resolve) => (resolveSettled = resolve));
  const unregister = services.aborts.add(user.id, plan.conversationId, { controller, settled });
  const parts = createContentParts({ messageId: plan.responseMessageId, ...frameIds });
  let payload: AssistantsFinalFrame | null = null;
  try {
    const failure = await runSteps(services, plan, { services, userId: user.id, connection: plan.connection, stream, parts, stop: controller.signal }, userMessage);
    if (failure) parts.fail(errorText(failure));
    else parts.settleCalls();
    if (!failure && !controller.signal.aborted) rewriteReplyTexts(plan, { parts, stream });
    const stopped = controller.signal.aborted;
    payload = await saveRun(services, { plan, userMessage, parts, conversation, finishReason: failure ? 'error' : stopped ? 'incomplete' : 'stop', sender: plan.assistant.name ?? 'Assistant' });
    const title = payload && !failure && !stopped && plan.conversation === null ? await runTitleJob(services, input.endpoint, plan, { userText: userMessage.text, replyText: parts.text }, user.id) : undefined;
    if (payload) stream.send(payload);
    else stream.fail(errorFrame(plan, new ChatboxError('storage_failed', 'The reply could not be saved (your message was kept). Tell the administrator.'), { ...frameIds, assistant_id: plan.assistant.id, endpoint: endpointName }));
    stream.end();
    if (title) services.titles.schedule(title);
  } finally {
    resolveSettled(payload);
    unregister();
  }
}

/** The model called until it answers without tools, fails, is stopped, or reaches the step limit. */
async function runSteps(services: ChatServices, plan: RunPlan, context: StepContext, userMessage: Message): Promise<ChatboxError | undefined> {
  const branch = [...branchTo(plan.messages, plan.parentMessageId), userMessage];
  // A thread keeps its images, as OpenAI's did: a vision model sees every one of them on each run.
  const options = { promptPrefix: plan.instructions, resendFiles: true };
  const images = await loadBranchImages(services, { userId: context.userId, entry: plan.connection.entry, model: plan.model, options, branch, current: userMessage.messageId });
  let built: BuiltRequest = offerTools(buildChatRequest({ model: plan.model, userId: context.userId, options, branch, generation: '', images }), plan.tools, plan.model);
  const { maxSteps } = services.agent;
  for (let step = 1; ; step += 1) {
    const result = await callModel(context, built);
    if (result.failure) return result.failure;
    if (context.stop.aborted || result.calls.length === 0) {
      await spend(services, plan, context.userId, built, result.text, result.calls, result.usage, context.stop.aborted);
      return undefined;
    }
    if (step >= maxSteps) {
      context.stream.send(context.parts.addText(stepLimitNote(maxSteps)));
      await spend(services, plan, context.userId, built, result.text, result.calls, result.usage, false);
      return undefined;
    }
    const results = await runStepCalls(plan, context, result.calls);
    await spend(services, plan, context.userId, built, result.text, result.calls, result.usage, false);
    if (context.stop.aborted) return undefined;
    built = nextStepRequest(built, result.text, results, plan.model);
  }
}

/** A model call's tokens, the provider's count when it gave one, at the run's model price. */
async function spend(services: ChatServices, plan: RunPlan, userId: string, built: BuiltRequest, text: string, calls: readonly ToolCallPart[], usage: { promptTokens: number; completionTokens: number } | undefined, cut: boolean) {
  const written = text + calls.map((call) => call.name + call.input).join('');
  await services.balance
    .spend({
      userId, conversationId: plan.conversationId, model: plan.model, context: cut ? 'incomplete' : 'message',
      promptTokens: usage?.promptTokens || built.promptTokens(), completionTokens: usage?.completionTokens || countTokens(written, plan.model),
    })
    .catch((error: unknown) => services.log.error({ err: error }, 'recording the token spend failed'));
}

/** The reply stored with its parts, then the final payload: the whole conversation as `runMessages`. Null when the store refused it. */
async function saveRun(
  services: ChatServices,
  run: { plan: RunPlan; userMessage: Message; parts: ContentParts; conversation: Conversation; finishReason: string; sender: string },
): Promise<AssistantsFinalFrame | null> {
  const { plan, userMessage, parts, finishReason } = run;
  const { store, log } = services;
  try {
    const text = parts.text;
    const response = await store.messages.upsert({
      messageId: plan.responseMessageId, conversationId: plan.conversationId, user: userMessage.user, parentMessageId: userMessage.messageId,
      endpoint: userMessage.endpoint, model: plan.assistant.id, sender: run.sender, text, content: [...parts.parts], thread_id: plan.thread_id,
      isCreatedByUser: false, error: false, unfinished: false, finish_reason: finishReason, tokenCount: countTokens(text, plan.model),
    });
    const conversation = (await store.conversations.update(userMessage.user, plan.conversationId, { model: plan.model }).catch((error: unknown) => log.error({ err: error }, 'updating the conversation failed'))) ?? run.conversation;
    const runMessages = (await store.messages.listByConversation(userMessage.user, plan.conversationId)).map(toMessageDto);
    return { final: true, conversation: toConversationDto(conversation), title: conversation.title, requestMessage: toMessageDto(userMessage), responseMessage: toMessageDto(response), runMessages };
  } catch (error) {
    log.error({ err: error, conversationId: plan.conversationId }, 'storing the run’s reply failed');
    return null;
  }
}
