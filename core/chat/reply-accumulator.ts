import type { ChatboxError } from '../errors/index.js';
import type { ChatPart, ToolCallPart, UpstreamState } from '../plugin-api/index.js';
import { PLUGIN_MARKER, type ProgressFrame, type ToolRun } from '../protocol/stream-frames.js';
import { failureToError } from './turn-errors.js';

/** What every progress frame of one reply names: the reply, the message it answers, its sender. */
export interface ReplyFrameIds {
  messageId: string;
  parentMessageId: string;
  conversationId: string;
  sender: string;
}

/** How a reply ended, as the turn stores and answers it. */
export type ReplyOutcome =
  /** Nothing new was written: the reply is the error. */
  | { kind: 'failed'; failure: ChatboxError }
  /**
   * The reply as written. `cut` (stopped, disconnected, failed after some text) stores it as a
   * finished message whose finish reason `incomplete` offers Continue.
   */
  | { kind: 'reply'; text: string; finishReason: string; cut: boolean };

export interface ReplyAccumulator {
  /** One provider part in; the progress frame to send when it added text. Parts it does not know are ignored. */
  add(part: ChatPart, aborted: boolean): ProgressFrame | undefined;
  /** The provider's stream ran out; `aborted` when the turn had been stopped by then. */
  streamEnded(aborted: boolean): void;
  /** The turn failed outside the parts (a throw, the watchdog): the last failure wins. */
  fail(failure: ChatboxError): void;
  /** The state a stateful upstream reported for the conversation and the reply (SessionStatePart), merged. */
  readonly session: { conversation: UpstreamState; reply: UpstreamState };
  /** The whole reply so far (the continued text first, when continuing). */
  readonly text: string;
  /** The provider's token counts of the current step (model call), when it reported them. */
  readonly usage: { promptTokens: number; completionTokens: number } | undefined;
  readonly failure: ChatboxError | undefined;
  outcome(): ReplyOutcome;
  /** The text the current step's model call wrote. */
  readonly stepText: string;
  /** The tool calls the current step's model call made, in its order. */
  readonly toolCalls: readonly ToolCallPart[];
  /** Every tool call of the reply so far (stored as its `plugins`). */
  readonly toolRuns: readonly ToolRun[];
  /** The agent loop calls the model again: the step's text, calls and usage start empty. */
  startStep(): void;
  /** A tool call starts (`loading`) or ends (its output): the frame that shows it. */
  toolRun(run: ToolRun): ProgressFrame;
  /** Adds a note of the server's to the reply (the step limit) as its own paragraph: the frame that shows it. */
  note(text: string): ProgressFrame;
  /**
   * Whether the model's text goes into the reply (the default). The plugins agent hides the text of
   * its steps when they are its own working (the classic agent's Thought/Action lines, the functions
   * agent's preliminary answer before a completion pass); `stepText` still collects it.
   */
  showModelText(shown: boolean): void;
  /** Adds the plugins agent's answer at the end of the reply (after its markers): the frame that shows it. */
  answer(text: string): ProgressFrame;
}


/**
 * The pure core of a turn: provider parts in, the wire's progress frames and the reply's end out.
 * Progress text is cumulative (LibreChat's client replaces, never appends), and `initial` marks the
 * first frame. A stop is not a failure: an `aborted` error part, or a stream that ends after a stop,
 * ends the reply with finish reason `incomplete`. Reasoning and tool parts have no frame on this wire
 * (LibreChat v0.7.1 shows neither on /api/ask), so they are read and left out.
 */
export function createReplyAccumulator({ generation, ids, usedUserKey, pluginMarkers = false, earlierRuns = [] }: {
  generation: string;
  ids: ReplyFrameIds;
  usedUserKey: boolean;
  /** The plugins endpoint: each tool run adds PLUGIN_MARKER to the text as it starts. */
  pluginMarkers?: boolean;
  /** The tool runs of the reply this turn continues: its `plugins` are kept. */
  earlierRuns?: readonly ToolRun[];
}): ReplyAccumulator {
  let text = generation;
  let initial = true;
  let finishReason = 'stop';
  let failure: ChatboxError | undefined;
  let usage: { promptTokens: number; completionTokens: number } | undefined;
  let stepText = '';
  let toolCalls: ToolCallPart[] = [];
  const toolRuns: ToolRun[] = [...earlierRuns];
  // A step's text follows the previous step's as a new paragraph.
  let separate = false;
  let modelTextShown = true;
  const session = { conversation: {}, reply: {} } satisfies { conversation: UpstreamState; reply: UpstreamState };

  const progress = (): ProgressFrame => {
    const frame: ProgressFrame = { message: true, text, initial, messageId: ids.messageId, parentMessageId: ids.parentMessageId, conversationId: ids.conversationId, sender: ids.sender };
    if (toolRuns.length > 0) frame.plugins = toolRuns.map((run) => ({ ...run, inputs: [...run.inputs] }));
    initial = false;
    return frame;
  };
  const append = (more: string) => {
    // Right after a plugin marker a new segment starts anyway.
    if (separate && text.length > generation.length && !text.endsWith(PLUGIN_MARKER)) text += '\n\n';
    separate = false;
    text += more;
  };

  return {
    add(part, aborted) {
      switch (part.type) {
        case 'text-delta': {
          stepText += part.text;
          if (!modelTextShown) return undefined;
          append(part.text);
          return progress();
        }
        case 'text-replace': {
          stepText = part.text;
          if (!modelTextShown) return undefined;
          text = generation + part.text;
          return progress();
        }
        case 'session-state':
          Object.assign(session.conversation, part.conversation);
          Object.assign(session.reply, part.reply);
          return undefined;
        case 'tool-call':
          toolCalls.push(part);
          return undefined;
        case 'finish':
          finishReason = part.finishReason;
          if (part.usage) usage = { promptTokens: part.usage.promptTokens, completionTokens: part.usage.completionTokens };
          return undefined;
        case 'error':
          if (part.error.kind === 'aborted' || aborted) finishReason = 'incomplete';
          else failure = failureToError(part.error, usedUserKey);
          return undefined;
        default:
          return undefined;
      }
    },
    streamEnded(aborted) {
      if (aborted) finishReason = 'incomplete';
    },
    fail(next) {
      failure = next;
    },
    get text() {
      return text;
    },
    get session() {
      return session;
    },
    get usage() {
      return usage;
    },
    get failure() {
      return failure;
    },
    get stepText() {
      return stepText;
    },
    get toolCalls() {
      return toolCalls;
    },
    get toolRuns() {
      return toolRuns;
    },
    startStep() {
      stepText = '';
      toolCalls = [];
      usage = undefined;
      separate = true;
    },
    toolRun(run) {
      const index = toolRuns.findIndex((known) => known.runId === run.runId);
      if (index === -1) {
        toolRuns.push(run);
        if (pluginMarkers) text += PLUGIN_MARKER;
      } else toolRuns[index] = run;
      return progress();
    },
    note(more) {
      separate = true;
      append(more);
      return progress();
    },
    showModelText(shown) {
      modelTextShown = shown;
    },
    answer(more) {
      text += more;
      return progress();
    },
    outcome() {
      const keepPartial = text.length > generation.length;
      if (failure && !keepPartial) return { kind: 'failed', failure };
      const cut = failure !== undefined || finishReason === 'incomplete';
      return { kind: 'reply', text, finishReason: cut ? 'incomplete' : finishReason, cut };
    },
  };
}
