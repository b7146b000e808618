import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import type { ChatPart } from '../../../core/plugin-api/index.js';

type FinishReason = Extract<ChatPart, { type: 'finish' }>['finishReason'];

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

/**
 * Maps chat completion chunks to ChatParts, in one place with explicit state. Text and reasoning go
 * out as they arrive; tool calls are assembled from their fragments; usage (which arrives in its own
 * chunk after the finish reason) and the finish go out at the end, because `finish` must be last.
 */
export class OpenAIChunkMapper {
  private finishReason: FinishReason | undefined;
  private usage: { promptTokens: number; completionTokens: number } | undefined;
  private readonly toolCalls = new Map<number, { id: string; name: string; arguments: string }>();

  push(chunk: ChatCompletionChunk): ChatPart[] {
    const parts: ChatPart[] = [];
    if (chunk.usage) this.usage = { promptTokens: chunk.usage.prompt_tokens, completionTokens: chunk.usage.completion_tokens };
    // Azure's first chunk has no choices (prompt filter results only); n > 1 is never requested.
    const choice = chunk.choices?.find((candidate) => candidate.index === 0);
    if (!choice) return parts;
    const delta = (choice.delta ?? {}) as ChatCompletionChunk.Choice.Delta & ReasoningDelta;
    const reasoning = delta.reasoning_content ?? delta.reasoning;
    if (reasoning) parts.push({ type: 'reasoning-delta', text: reasoning });
    if (delta.content) parts.push({ type: 'text-delta', text: delta.content });
    if (delta.refusal) parts.push({ type: 'text-delta', text: delta.refusal });
    for (const fragment of delta.tool_calls ?? []) {
      const call = this.toolCalls.get(fragment.index) ?? { id: '', name: '', arguments: '' };
      call.id ||= fragment.id ?? '';
      call.name += fragment.function?.name ?? '';
      call.arguments += fragment.function?.arguments ?? '';
      this.toolCalls.set(fragment.index, call);
    }
    if (choice.finish_reason) this.finishReason = finishReasons[choice.finish_reason] ?? 'other';
    return parts;
  }

  /**
   * The closing parts once the upstream stream ended cleanly. A stream that ended without a finish
   * reason is reported as `incomplete` rather than failed: some compatible servers omit it.
   */
  end(): ChatPart[] {
    const parts: ChatPart[] = [...this.toolCalls.entries()]
      .sort(([left], [right]) => left - right)
      .map(([, call]) => ({ type: 'tool-call' as const, ...call }));
    if (this.usage) parts.push({ type: 'usage', ...this.usage });
    parts.push({ type: 'finish', finishReason: this.finishReason ?? 'incomplete' });
    return parts;
  }
}
