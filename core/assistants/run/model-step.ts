import type { BuiltRequest } from '../../chat/build-chat-request.js';
import type { ChatServices } from '../../chat/chat-services.js';
import type { EventStream } from '../../chat/event-stream.js';
import { watchUpstream } from '../../chat/stream-watchdog.js';
import { failureToError } from '../../chat/turn-errors.js';
import { ChatboxError } from '../../errors/index.js';
import type { ToolCallPart } from '../../plugin-api/index.js';
import type { AssistantsConnection } from '../assistants-endpoint.js';
import type { ContentParts } from './content-parts.js';

/** What one model call of a run came to. */
export interface StepResult {
  /** The text this call wrote. */
  text: string;
  calls: ToolCallPart[];
  usage?: { promptTokens: number; completionTokens: number };
  /** Set when the call failed (not when the run was stopped). */
  failure?: ChatboxError;
}

/** What a model call of a run needs. */
export interface StepContext {
  services: ChatServices;
  userId: string;
  connection: AssistantsConnection;
  stream: EventStream;
  parts: ContentParts;
  /** The run's: fired by the stop route and by the client going away. */
  stop: AbortSignal;
}

/**
 * One model call of a run, streamed as content parts: text into the reply's current text part,
 * tool calls collected for the caller to run. A silent upstream is given up on (the endpoint's
 * `timeoutMs`), which is a failure; the run's stop is not.
 */
export async function callModel(context: StepContext, built: BuiltRequest): Promise<StepResult> {
  const { services, connection, stream, parts, stop } = context;
  const result: StepResult = { text: '', calls: [] };
  // Its own controller: the watchdog's abort is a timeout, the run's is the user's stop.
  const silence = new AbortController();
  const watchdog = watchUpstream(silence, connection.entry.timeoutMs ?? services.timings.upstreamTimeoutMs);
  try {
    await services.balance.assertCanAfford(context.userId, built.request.model, built.promptTokens);
    const signal = AbortSignal.any([stop, silence.signal]);
    for await (const part of connection.entry.provider.stream(built.request, { signal, credentials: connection.credentials, fetch: connection.fetch })) {
      watchdog.partArrived();
      if (part.type === 'text-delta') {
        result.text += part.text;
        stream.send(parts.addText(part.text));
      } else if (part.type === 'text-replace') {
        result.text = part.text;
        stream.send(parts.replaceText(part.text));
      } else if (part.type === 'tool-call') result.calls.push(part);
      else if (part.type === 'finish' && part.usage) result.usage = { promptTokens: part.usage.promptTokens, completionTokens: part.usage.completionTokens };
      else if (part.type === 'error' && part.error.kind !== 'aborted' && !signal.aborted) result.failure = failureToError(part.error, connection.credentials !== undefined);
    }
  } catch (error) {
    if (!stop.aborted) {
      if (!(error instanceof ChatboxError)) services.log.error({ err: error }, 'an assistants run failed');
      result.failure = error instanceof ChatboxError ? error : new ChatboxError('internal');
    }
  } finally {
    watchdog.stop();
  }
  if (watchdog.timedOut && !stop.aborted) result.failure = watchdog.error();
  return result;
}
