import type { RawMessageStreamEvent } from '@anthropic-ai/sdk/resources/messages';
import type { ChatPart, FinishReason } from '../../../core/plugin-api/index.js';
import { providerFailure } from '../../shared/provider-failure.js';
import { ToolInputStreams } from '../../shared/tool-input-streams.js';

const finishReasons: Record<string, FinishReason> = {
  end_turn: 'stop',
  stop_sequence: 'stop',
  max_tokens: 'length',
  model_context_window_exceeded: 'length',
  tool_use: 'tool_calls',
  refusal: 'content_filter',
};

/**
 * Maps Messages API stream events to ChatParts, with explicit state: the usage (input from
 * message_start, cumulative output from message_delta), the stop reason, tool_use blocks being
 * streamed (keyed by block index), and whether message_stop arrived, the only proof the reply is
 * whole. A thinking block's index is its reasoning id.
 */
export class AnthropicEventMapper {
  private inputTokens = 0;
  private outputTokens = 0;
  private finishReason: FinishReason | undefined;
  private stopped = false;
  private readonly toolInputs = new ToolInputStreams();

  push(event: RawMessageStreamEvent): ChatPart[] {
    switch (event.type) {
      case 'message_start': {
        const usage = event.message.usage;
        this.inputTokens = usage.input_tokens + (usage.cache_creation_input_tokens ?? 0) + (usage.cache_read_input_tokens ?? 0);
        this.outputTokens = usage.output_tokens;
        return [];
      }
      case 'content_block_start': {
        const block = event.content_block;
        if (block.type === 'tool_use') return this.toolInputs.start(event.index, block.id, block.name);
        if (block.type === 'text' && block.text) return [{ type: 'text-delta', text: block.text }];
        return [];
      }
      case 'content_block_delta': {
        const delta = event.delta;
        if (delta.type === 'text_delta') return delta.text ? [{ type: 'text-delta', text: delta.text }] : [];
        if (delta.type === 'thinking_delta') return delta.thinking ? [{ type: 'reasoning-delta', id: `reasoning-${event.index}`, text: delta.thinking }] : [];
        if (delta.type === 'input_json_delta') return this.toolInputs.append(event.index, delta.partial_json);
        return [];
      }
      case 'content_block_stop':
        return this.toolInputs.end(event.index);
      case 'message_delta':
        if (event.delta.stop_reason) this.finishReason = finishReasons[event.delta.stop_reason] ?? 'other';
        this.outputTokens = event.usage.output_tokens;
        return [];
      case 'message_stop':
        this.stopped = true;
        return [];
      default:
        return [];
    }
  }

  /** The closing parts; a stream that closed before message_stop was cut, whatever the socket said. */
  end(): ChatPart[] {
    if (!this.stopped) return [{ type: 'error', error: providerFailure('malformed_stream', 'The Anthropic stream ended before message_stop') }];
    return [{ type: 'finish', finishReason: this.finishReason ?? 'other', usage: { promptTokens: this.inputTokens, completionTokens: this.outputTokens } }];
  }
}
