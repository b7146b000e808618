import type { FileDto } from '../../presenters/file-dto.js';
import { actionDelimiter } from '../assistant-tools.js';
import type { ContentPartFrame, ToolApproval } from '../../protocol/stream-frames.js';

/** A text part's value, with OpenAI's annotations (file citations, file paths) once a run rewrote it. */
export interface TextValue {
  value: string;
  annotations: unknown[];
}

/** A reply's content part as LibreChat stores it (and its client renders it from GET /api/messages). */
export type StoredContentPart =
  | { type: 'text'; text: TextValue }
  | { type: 'tool_call'; tool_call: RunToolCall }
  | { type: 'image_file'; image_file: FileDto }
  | { type: 'error'; text: { value: string } };

/** A function call of a run: `progress` 0.01 once the model made it, 1 once its output is in. */
export interface FunctionToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string; output: string | null };
  progress: number;
  /** An OpenAPI action's function: LibreChat's client labels it "running action" (wave2 notes §3.6). */
  action?: true;
  /** chatbox's addition, as on the plugin boxes: a tool marked `requiresApproval` waits for the user's Allow or Deny. */
  approval?: ToolApproval;
}

/** A code interpreter output as OpenAI listed it: what the program printed, or an image it made. */
export type CodeOutput = { type: 'logs'; logs: string } | { type: 'image'; image: { file_id: string } };

/** A code_interpreter call (§2.9): the program and, once run, its outputs. */
export interface CodeInterpreterToolCall {
  id: string;
  type: 'code_interpreter';
  code_interpreter: { input: string; outputs: CodeOutput[] };
  progress: number;
}

/** A retrieval call: OpenAI's carried no details (`retrieval: {}`); the client shows "searching my knowledge" → "used retrieval". */
export interface RetrievalToolCall {
  id: string;
  type: 'retrieval';
  retrieval: Record<string, unknown>;
  progress: number;
}

export type RunToolCall = FunctionToolCall | CodeInterpreterToolCall | RetrievalToolCall;

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
  // A copy: later changes to the stored call must not reach a frame already handed to the stream.
  const callFrame = (index: number, call: RunToolCall): ContentPartFrame => ({ ...common(index), type: 'tool_call', tool_call: copyCall(call) });
  const addCall = (toolCall: RunToolCall): ContentPartFrame => {
    parts.push({ type: 'tool_call', tool_call: toolCall });
    return callFrame(parts.length - 1, toolCall);
  };
  const callIndex = (id: string) => parts.findIndex((part) => part.type === 'tool_call' && part.tool_call.id === id);
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
      // An OpenAPI action's call carries `action: true`, as LibreChat's client expects.
      return addCall({ id: call.id, type: 'function', function: { name: call.name, arguments: call.input, output: null }, progress: 0.01, ...(call.name.includes(actionDelimiter) ? { action: true as const } : {}) });
    },
    /** A capability's call (code_interpreter, retrieval), in LibreChat's part for it. */
    startToolCall(toolCall: RunToolCall): ContentPartFrame {
      return addCall(toolCall);
    },
    /** A function call waiting for (or decided by) the user's approval: the whole call again, with the approval. */
    setApproval(id: string, approval: ToolApproval): ContentPartFrame | undefined {
      const index = callIndex(id);
      const part = parts[index];
      if (part?.type !== 'tool_call' || part.tool_call.type !== 'function') return undefined;
      part.tool_call.approval = approval;
      return callFrame(index, part.tool_call);
    },
    /** The call's output is in: the whole call again, at progress 1. */
    finishCall(id: string, output: string): ContentPartFrame | undefined {
      const index = callIndex(id);
      const part = parts[index];
      if (part?.type !== 'tool_call' || part.tool_call.type !== 'function') return undefined;
      part.tool_call.function.output = output;
      part.tool_call.progress = 1;
      return callFrame(index, part.tool_call);
    },
    /** A capability's call as it ended (its outputs, progress 1), in place of the started one. */
    finishToolCall(toolCall: RunToolCall): ContentPartFrame | undefined {
      const index = callIndex(toolCall.id);
      if (index < 0) return undefined;
      parts[index] = { type: 'tool_call', tool_call: toolCall };
      return callFrame(index, toolCall);
    },
    /** An image a tool made, shown as its own part (LibreChat's `image_file`). */
    addImage(file: FileDto): ContentPartFrame {
      parts.push({ type: 'image_file', image_file: file });
      return { ...common(parts.length - 1), type: 'image_file', image_file: { ...file } };
    },
    /**
     * Rewrites the text parts once the run is over (file links, citations), as LibreChat's
     * `processMessages` did: the frames of the parts that changed, with the text as an object.
     */
    rewriteTexts(rewrite: (text: TextValue) => TextValue): ContentPartFrame[] {
      const frames: ContentPartFrame[] = [];
      parts.forEach((part, index) => {
        if (part.type !== 'text') return;
        const rewritten = rewrite(part.text);
        if (rewritten.value === part.text.value && rewritten.annotations.length === part.text.annotations.length) return;
        part.text = rewritten;
        frames.push({ ...common(index), type: 'text', text: { value: rewritten.value, annotations: [...rewritten.annotations] } });
      });
      return frames;
    },
    /**
     * The run failed after it started: calls still running are answered as LibreChat answers them,
     * and the failure ends the reply as an `error` part.
     */
    fail(message: string): void {
      for (const part of parts) {
        if (part.type !== 'tool_call' || part.tool_call.progress === 1) continue;
        if (part.tool_call.type === 'function' && part.tool_call.function.output === null) part.tool_call.function.output = unfinishedToolOutput;
        part.tool_call.progress = 1;
      }
      parts.push({ type: 'error', text: { value: message } });
    },
    /** Calls a stop left without output keep none, marked done so no spinner stays on a saved reply. */
    settleCalls(): void {
      for (const part of parts) if (part.type === 'tool_call') part.tool_call.progress = 1;
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

function copyCall(call: RunToolCall) {
  if (call.type === 'function') return { ...call, function: { ...call.function }, ...(call.approval ? { approval: { ...call.approval } } : {}) };
  if (call.type === 'code_interpreter') return { ...call, code_interpreter: { input: call.code_interpreter.input, outputs: [...call.code_interpreter.outputs] } };
  return { ...call, retrieval: { ...call.retrieval } };
}

export type ContentParts = ReturnType<typeof createContentParts>;
