import { catalogueEntry } from '../protocol/endpoint-catalogue.js';
import { withParameterDefaults } from '../protocol/parameter-defaults.js';
import { toolRunSchema, withoutPluginMarkers, type ErrorFrame, type FinalFrame, type ToolRun } from '../protocol/stream-frames.js';
import { toMessageDto } from '../presenters/message-dto.js';
import type { Conversation } from '../store/repositories/conversations.js';
import type { Message } from '../store/repositories/messages.js';
import { ChatboxError, errorCodes, formatErrorMessage } from '../errors/index.js';
import { canCallTools } from '../protocol/tool-capable-models.js';
import { offerTools, runAgentLoop } from './agent-loop.js';
import { buildChatRequest, turnOptions } from './build-chat-request.js';
import type { ChatServices } from './chat-services.js';
import { branchTo } from './message-tree.js';
import { createReplyAccumulator } from './reply-accumulator.js';
import { senderFor } from './sender.js';
import { DEFAULT_TITLE } from './titles.js';
import type { TurnPlan } from './turn-plan.js';
import { errorText } from './turn-errors.js';
import { pluginsAgentSettings } from './plugins-agent/agent-options.js';
import { hidesAgentText, pluginsAgentRequest, runPluginsAgent } from './plugins-agent/run-plugins-agent.js';
import { otherStreamsFirst } from './turn-scheduling.js';
import { fetchFor, readReply, saveReply, sendRequest, storeTurnStart, type Turn, type TurnInput, type TurnSettings } from './turn-steps.js';
import { turnStorageError } from './turn-storage.js';
import { formatDocumentContext, loadBranchDocuments } from './turn-documents.js';
import { endpointKind, isImageFile, loadBranchImages, modelForImages } from './turn-images.js';

export type { TurnInput };

/**
 * One turn, from an open event stream to the final frame: limits and credentials, the user
 * message (then `created`), the upstream stream (cumulative `message` frames), the agent loop when
 * the conversation has `tools` (agent-loop.ts: tool runs, more model calls), and the saved reply
 * (then `final`). Stopping, a disconnect or a failure after some text keep the text as a finished
 * message (`unfinished: false`) whose finish reason `incomplete` offers Continue, as LibreChat's abort
 * answer does: `unfinished: true` stays on the snapshots written while streaming, so only a reply
 * whose turn never ended (a reload mid-stream, a crash) shows the client's "incomplete" warning.
 */
export async function runTurn(services: ChatServices, input: TurnInput): Promise<void> {
  const { plan, body, stream } = input;
  const options = turnOptions(body, plan.conversation);
  const sender = senderFor(input.entry, options);
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
  const started = await startTurn(services, input, options, othersStreaming);
  if ('error' in started) {
    stream.fail(failFrame(started.error));
    return;
  }
  try {
    // The defaults the settings show go upstream and onto the conversation for clients that leave them out (LibreChat's own drops values equal to them).
    const tuned = withParameterDefaults(options, endpointKind(input.entry), started.model);
    await streamReply(services, input, { options: tuned, sender, model: started.model, credentials: started.credentials, controller, failFrame, othersStreaming, tools: started.tools, agent: started.agent });
  } finally {
    started.release();
  }
}

/** Step 1: the user's concurrency and rate limits, their credentials, a model the endpoint offers. */
async function startTurn(services: ChatServices, input: TurnInput, options: TurnSettings['options'], othersStreaming: boolean) {
  const { user, entry } = input;
  let release: (() => void) | undefined;
  try {
    if (othersStreaming) await otherStreamsFirst();
    release = await services.limits.acquire(user.id, input.ip);
    const credentials = await services.credentials(user.id, entry);
    const models = await services.models.list(entry, user.id, credentials, fetchFor(services, credentials));
    const chosen = options.model ?? models[0] ?? '';
    if (!models.includes(chosen)) throw new ChatboxError('illegal_model_request', `The model "${chosen}" is not offered by ${entry.name}`);
    // Before the call: a text-only model would answer the images with a provider 400.
    const model = input.plan.userMessage.files.some(isImageFile) ? modelForImages(chosen, entry, models) : chosen;
    if (model === null) throw new ChatboxError('vision_unsupported', formatErrorMessage(errorCodes.vision_unsupported.message, { model: chosen }), { model: chosen });
    // The conversation's `tools` (LibreChat plugin keys) that this server has and the user may use; the
    // agent loop runs them. The plugins endpoint runs its agent instead, and continues a reply without one (LibreChat's).
    const pluginsEndpoint = catalogueEntry(entry.name)?.pluginsAgent === true;
    const tools = pluginsEndpoint && input.plan.kind === 'continue' ? [] : services.tools.resolve(options.tools, user.plugins, services.log);
    const agent = pluginsEndpoint && tools.length > 0 ? pluginsAgentSettings(options.agentOptions, model) : undefined;
    if (agent && !models.includes(agent.model)) throw new ChatboxError('illegal_model_request', `The agent model "${agent.model}" is not offered by ${entry.name}`);
    // The classic agent is for models that cannot call tools: it writes its actions as text.
    const caller = agent ? (agent.agent === 'functions' ? agent.model : undefined) : model;
    if (tools.length > 0 && caller !== undefined && !canCallTools(caller)) throw new ChatboxError('tools_unsupported', formatErrorMessage(errorCodes.tools_unsupported.message, { model: caller }), { model: caller });
    return { release, credentials, model, tools, agent };
  } catch (error) {
    release?.();
    if (!(error instanceof ChatboxError)) services.log.error({ err: error }, 'turn could not start');
    return { error };
  }
}

/** The turn's user message: the one this turn adds, or the stored one it answers again. */
function userMessageOf({ user, entry, plan }: TurnInput, model: string): Message {
  const now = new Date();
  if (!plan.userMessage.isNew) return plan.messages.find((message) => message.messageId === plan.userMessage.messageId)!;
  return {
    messageId: plan.userMessage.messageId, conversationId: plan.conversationId, user: user.id, parentMessageId: plan.userMessage.parentMessageId,
    endpoint: entry.name, model, sender: 'User', text: plan.userMessage.text, isCreatedByUser: true, error: false, unfinished: false,
    ...(plan.userMessage.files.length > 0 ? { files: plan.userMessage.files } : {}),
    createdAt: now, updatedAt: now,
  };
}

/**
 * Steps 2 to 5, registered for POST …/abort from the request going out to the reply saved: the
 * registry entry is dropped, and whoever waits for the stop is answered (the final payload, or null
 * when the turn ended in an error), on every way out.
 */
async function streamReply(services: ChatServices, input: TurnInput, settings: TurnSettings): Promise<void> {
  const { user, entry, plan, stream } = input;
  const userMessage = userMessageOf(input, settings.model);
  const branch = [...branchTo(plan.messages, plan.userMessage.parentMessageId), userMessage];
  const images = await loadBranchImages(services, { userId: user.id, entry, model: settings.model, options: settings.options, branch, current: userMessage.messageId });
  const documents = await loadBranchDocuments(services, {
    userId: user.id, model: settings.model, endpointKind: endpointKind(entry), options: settings.options, branch, current: userMessage.messageId, question: userMessage.text,
  });
  const conversationRequest = buildChatRequest({ model: settings.model, userId: user.id, options: settings.options, branch, generation: plan.generation, images, documentContext: formatDocumentContext(documents) });
  // Stateful upstreams (Bing, ChatGPT web) continue from what they said about the reply this turn follows.
  const parentReply = branch.findLast((message) => !message.isCreatedByUser)?.upstream ?? undefined;
  conversationRequest.request.session = { conversation: { ...settings.options }, ...(parentReply ? { parentReply } : {}) };
  const built = settings.agent ? pluginsAgentRequest(conversationRequest, settings.tools, settings.agent) : offerTools(conversationRequest, settings.tools, settings.model);
  const accumulator = createReplyAccumulator({
    generation: plan.generation,
    ids: { messageId: plan.responseMessageId, parentMessageId: userMessage.messageId, conversationId: plan.conversationId, sender: settings.sender },
    usedUserKey: settings.credentials !== undefined,
    pluginMarkers: settings.agent !== undefined,
    earlierRuns: plan.kind === 'continue' ? storedRuns(plan) : [],
  });
  if (settings.agent && hidesAgentText(settings.agent)) accumulator.showModelText(false);
  const turn: Turn = { services, input, ...settings, userMessage, built, accumulator, userImageTokens: images.get(userMessage.messageId)?.tokens ?? 0 };

  let payload: FinalFrame | null = null;
  let resolveSettled!: (payload: FinalFrame | null) => void;
  const settled = new Promise<FinalFrame | null>((resolve) => (resolveSettled = resolve));
  const unregister = services.aborts.add(user.id, plan.conversationId, { controller: settings.controller, settled });
  try {
    const upstream = await sendRequest(turn);
    let conversation: Conversation;
    try {
      conversation = await storeTurnStart(turn);
    } catch (error) {
      // Nothing of the turn could be kept: stop the upstream call and say so.
      services.log.error({ err: error, conversationId: plan.conversationId }, 'storing the turn failed: the user message was not saved');
      settings.controller.abort();
      await upstream.parts?.return?.();
      stream.fail(settings.failFrame(turnStorageError('message', error)));
      return;
    }
    stream.send({ created: true, message: toMessageDto(userMessage) });
    await readReply(turn, upstream);
    if (settings.agent) await runPluginsAgent(turn, settings.agent, conversationRequest);
    else await runAgentLoop(turn);
    payload = await saveReply(turn, conversation);
  } finally {
    resolveSettled(payload);
    unregister();
  }

  const outcome = accumulator.outcome();
  if (payload && outcome.kind === 'reply' && !outcome.cut && needsTitle(plan) && services.env.TITLE_CONVO && entry.titleConvo !== false) {
    services.titles.schedule({ userId: user.id, conversationId: plan.conversationId, entry, model: entry.titleModel ?? settings.model, credentials: settings.credentials, fetch: fetchFor(services, settings.credentials), userText: userMessage.text, replyText: withoutPluginMarkers(accumulator.text) });
  }
}

/** The tool runs stored on the reply a turn continues (kept on it, so its plugin boxes stay). */
function storedRuns(plan: TurnPlan): ToolRun[] {
  const stored = plan.messages.find((message) => message.messageId === plan.responseMessageId)?.plugins ?? [];
  return stored.flatMap((run) => {
    const parsed = toolRunSchema.safeParse(run);
    return parsed.success ? [parsed.data] : [];
  });
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
