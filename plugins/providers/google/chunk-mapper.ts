import type { EnhancedGenerateContentResponse } from '@google/generative-ai';
import type { ChatPart, FinishReason, TokenUsage } from '../../../core/plugin-api/index.js';
import { providerFailure } from '../../shared/provider-failure.js';
import { ToolInputStreams } from '../../shared/tool-input-streams.js';

const finishReasons: Record<string, FinishReason> = {
  STOP: 'stop',
  MAX_TOKENS: 'length',
  SAFETY: 'content_filter',
  RECITATION: 'content_filter',
  BLOCKLIST: 'content_filter',
  PROHIBITED_CONTENT: 'content_filter',
  SPII: 'content_filter',
  IMAGE_SAFETY: 'content_filter',
};

/** Fields newer Gemini models send that this SDK version does not type. */
interface ThoughtFields {
  thought?: boolean;
}

interface UsageFields {
  thoughtsTokenCount?: number;
}

/** Gemini streams its thoughts as one reasoning text per reply: one id for it. */
const reasoningId = 'reasoning-0';

/**
 * Maps streamGenerateContent responses to ChatParts, with explicit state: the latest usage (Gemini
 * repeats a cumulative count on every chunk), the finish reason (on the last chunk, or a prompt
 * block), and a counter to give function calls stable ids. A function call arrives whole, so its
 * input streams as one delta.
 */
export class GeminiChunkMapper {
  private usage: TokenUsage | undefined;
  private finishReason: FinishReason | undefined;
  private toolCalls = 0;
  private readonly toolInputs = new ToolInputStreams();

  push(response: EnhancedGenerateContentResponse): ChatPart[] {
    const parts: ChatPart[] = [];
    const usage = response.usageMetadata as (EnhancedGenerateContentResponse['usageMetadata'] & UsageFields) | undefined;
    if (usage) this.usage = { promptTokens: usage.promptTokenCount ?? 0, completionTokens: (usage.candidatesTokenCount ?? 0) + (usage.thoughtsTokenCount ?? 0) };
    if (response.promptFeedback?.blockReason) this.finishReason = 'content_filter';
    const candidate = response.candidates?.[0];
    for (const part of candidate?.content?.parts ?? []) {
      if (part.text) parts.push((part as ThoughtFields).thought ? { type: 'reasoning-delta', id: reasoningId, text: part.text } : { type: 'text-delta', text: part.text });
      if (part.functionCall) {
        this.toolCalls += 1;
        parts.push(...this.toolInputs.whole(`call_${this.toolCalls}`, part.functionCall.name, JSON.stringify(part.functionCall.args ?? {})));
      }
    }
    if (candidate?.finishReason) this.finishReason = finishReasons[candidate.finishReason] ?? 'other';
    return parts;
  }

  /** The closing parts; without a finish reason the stream was cut short. */
  end(): ChatPart[] {
    if (!this.finishReason) return [{ type: 'error', error: providerFailure('malformed_stream', 'The Gemini stream ended without a finish reason') }];
    // Gemini finishes a function-calling reply with STOP; the contract says the model wants its tools run.
    const finishReason = this.finishReason === 'stop' && this.toolCalls > 0 ? 'tool_calls' : this.finishReason;
    return [{ type: 'finish', finishReason, ...(this.usage ? { usage: this.usage } : {}) }];
  }
}
