import { actionDelimiter } from '../assistant-tools.js';
import type { ContentPartFrame } from '../../protocol/stream-frames.js';

/** A reply's content part as LibreChat stores it (and its client renders it from GET /api/messages). */
export type StoredContentPart =
  | { type: 'text'; text: { value: string; annotations: unknown[] } }
  | { type: 'tool_call'; tool_call: FunctionToolCall }
  | { type: 'error'; text: { value: string } };

/** A function call of a run: `progress` 0.01 once the model made it, 1 once its output is in. */
export interface FunctionToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string; output: string | null };
  progress: number;
  /** An OpenAPI action's function: LibreChat's client labels it "running action" (wave2 notes §3.6). */
  action?: true;
}

/** What every frame of one reply names. */
export interface ContentFrameIds {
  messageId: string;
  conversationId: string;
  thread_id: string;
}

/** LibreChat's wording for a call a run never finished (wave2 notes §2.10). */
export const unfinishedToolOutput = 'error processing tool';

/**
 * The pure core of an assistants run's reply: model text and tool calls in, LibreChat's content-part
 * frames out (§2.9). Text goes into the last part while it is a text part, else into a new one; its
 * frame repeats the whole part (cumulative, `initial` on the first). A tool call takes the next index.
 */
export function createContentParts(ids: ContentFrameIds) {
  const parts: StoredContentPart[] = [];
  let textInitial = false;
  const common = (index: number) => ({ index, messageId: ids.messageId, conversationId: ids.conversationId, thread_id: ids.thread_id });
  const textFrame = (index: number, value: string): ContentPartFrame => {
    const frame: ContentPartFrame = { ...common(index), type: 'text', text: value, message: true, initial: textInitial };
    textInitial = false;
    return frame;
  };
  const callFrame = (index: number, call: FunctionToolCall): ContentPartFrame => ({ ...common(index), type: 'tool_call', tool_call: { ...call, function: { ...call.function } } });
  const currentText = () => {
    const last = parts.at(-1);
    if (last?.type === 'text') return { part: last, index: parts.length - 1 };
    const part: StoredContentPart & { type: 'text' } = { type: 'text', text: { value: '', annotations: [] } };
    parts.push(part);
    textInitial = true;
    return { part, index: parts.length - 1 };
  };

  return {
    /** More of the model's text: the frame with the whole part so far. */
    addText(delta: string): ContentPartFrame {
      const { part, index } = currentText();
      part.text.value += delta;
      return textFrame(index, part.text.value);
    },
    /** The provider replaced the current step's text (a correction): the part says it all again. */
    replaceText(value: string): ContentPartFrame {
      const { part, index } = currentText();
      part.text.value = value;
      return textFrame(index, value);
    },
    /** The model called a function: its part, at progress 0.01. */
    startCall(call: { id: string; name: string; input: string }): ContentPartFrame {
      const toolCall: FunctionToolCall = { id: call.id, type: 'function', function: { name: call.name, arguments: call.input, output: null }, progress: 0.01, ...(call.name.includes(actionDelimiter) ? { action: true as const } : {}) };
      parts.push({ type: 'tool_call', tool_call: toolCall });
      return callFrame(parts.length - 1, toolCall);
    },
    /** The call's output is in: the whole call again, at progress 1. */
    finishCall(id: string, output: string): ContentPartFrame | undefined {
      const index = parts.findIndex((part) => part.type === 'tool_call' && part.tool_call.id === id);
      const part = parts[index];
      if (part?.type !== 'tool_call') return undefined;
      part.tool_call.function.output = output;
      part.tool_call.progress = 1;
      return callFrame(index, part.tool_call);
    },
    /**
     * The run failed after it started: calls still running are answered as LibreChat answers them,
     * and the failure ends the reply as an `error` part.
     */
    fail(message: string): void {
      for (const part of parts) {
        if (part.type === 'tool_call' && part.tool_call.function.output === null) {
          part.tool_call.function.output = unfinishedToolOutput;
          part.tool_call.progress = 1;
        }
      }
      parts.push({ type: 'error', text: { value: message } });
    },
    /** Calls a stop left without output keep none, marked done so no spinner stays on a saved reply. */
    settleCalls(): void {
      for (const part of parts) if (part.type === 'tool_call' && part.tool_call.function.output === null) part.tool_call.progress = 1;
    },
    get parts(): readonly StoredContentPart[] {
      return parts;
    },
    /** The reply's words (its text parts), what `text` stores and a later run's history reads. */
    get text(): string {
      return parts.flatMap((part) => (part.type === 'text' && part.text.value ? [part.text.value] : [])).join('\n\n');
    },
  };
}

export type ContentParts = ReturnType<typeof createContentParts>;
