import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import type { ChatPart, FinishReason, TokenUsage } from '../../../core/plugin-api/index.js';
import { ToolInputStreams } from '../tool-input-streams.js';

const finishReasons: Record<string, FinishReason> = {
  stop: 'stop',
  length: 'length',
  tool_calls: 'tool_calls',
  function_call: 'tool_calls',
  content_filter: 'content_filter',
};

/** Fields some OpenAI-compatible servers add to the delta for chain-of-thought text. */
interface ReasoningDelta {
  reasoning_content?: string | null;
  reasoning?: string | null;
}

/** Chat completions stream one reasoning text per reply: one id for it. */
const reasoningId = 'reasoning-0';

/** A tool call's id and name as its fragments arrive (some servers split the name too). */
interface CallHead {
  id: string;
  name: string;
}

/**
 * Maps chat completion chunks to ChatParts, in one place with explicit state. Text and reasoning go
 * out as they arrive; a tool call opens at its first argument fragment (by then its name is whole)
 * and streams its arguments; the calls close, and the usage (which arrives in its own chunk after
 * the finish reason) goes out with the finish, at the end, because `finish` must be last.
 */
export class OpenAIChunkMapper {
  private finishReason: FinishReason | undefined;
  private usage: TokenUsage | undefined;
  private readonly heads = new Map<number, CallHead>();
  private readonly toolInputs = new ToolInputStreams();

  push(chunk: ChatCompletionChunk): ChatPart[] {
    const parts: ChatPart[] = [];
    if (chunk.usage) this.usage = { promptTokens: chunk.usage.prompt_tokens, completionTokens: chunk.usage.completion_tokens };
    // Azure's first chunk has no choices (prompt filter results only); n > 1 is never requested.
    const choice = chunk.choices?.find((candidate) => candidate.index === 0);
    if (!choice) return parts;
    const delta = (choice.delta ?? {}) as ChatCompletionChunk.Choice.Delta & ReasoningDelta;
    const reasoning = delta.reasoning_content ?? delta.reasoning;
    if (reasoning) parts.push({ type: 'reasoning-delta', id: reasoningId, text: reasoning });
    if (delta.content) parts.push({ type: 'text-delta', text: delta.content });
    if (delta.refusal) parts.push({ type: 'text-delta', text: delta.refusal });
    for (const fragment of delta.tool_calls ?? []) parts.push(...this.pushToolFragment(fragment));
    if (choice.finish_reason) this.finishReason = finishReasons[choice.finish_reason] ?? 'other';
    return parts;
  }

  private pushToolFragment(fragment: ChatCompletionChunk.Choice.Delta.ToolCall): ChatPart[] {
    const head = this.heads.get(fragment.index) ?? { id: '', name: '' };
    head.id ||= fragment.id ?? '';
    head.name += fragment.function?.name ?? '';
    this.heads.set(fragment.index, head);
    const fragmentArguments = fragment.function?.arguments ?? '';
    if (fragmentArguments === '') return [];
    const opening = this.toolInputs.has(fragment.index) ? [] : this.open(fragment.index, head);
    return [...opening, ...this.toolInputs.append(fragment.index, fragmentArguments)];
  }

  private open(index: number, head: CallHead): ChatPart[] {
    // A server that sends no id still needs one the tool result can answer.
    return this.toolInputs.start(index, head.id || `call_${index}`, head.name);
  }

  /**
   * The closing parts once the upstream stream ended cleanly. A stream that ended without a finish
   * reason is reported as `incomplete` rather than failed: some compatible servers omit it.
   */
  end(): ChatPart[] {
    const parts: ChatPart[] = [];
    for (const [index, head] of [...this.heads.entries()].sort(([left], [right]) => left - right)) {
      if (!this.toolInputs.has(index)) parts.push(...this.open(index, head));
      parts.push(...this.toolInputs.end(index));
    }
    parts.push({ type: 'finish', finishReason: this.finishReason ?? 'incomplete', ...(this.usage ? { usage: this.usage } : {}) });
    return parts;
  }
}
