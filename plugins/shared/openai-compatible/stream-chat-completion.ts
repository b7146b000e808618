import type OpenAI from 'openai';
import type { ChatCompletionCreateParamsStreaming } from 'openai/resources/chat/completions';
import type { ChatPart } from '../../../core/plugin-api/index.js';
import { guardStream } from '../guard-stream.js';
import { OpenAIChunkMapper } from './chunk-mapper.js';
import { classifyOpenAIError } from './classify-error.js';

export interface CompletionStreamOptions {
  signal: AbortSignal;
  idleTimeoutMs?: number;
}

/**
 * The OpenAI-compatible pipeline: send the body with the signal, map every chunk, close. The client
 * is created inside the guard so that a client refusing its options also ends as an `error` part.
 */
export function streamChatCompletion(
  createClient: () => OpenAI,
  body: ChatCompletionCreateParamsStreaming,
  options: CompletionStreamOptions,
): AsyncGenerator<ChatPart> {
  return guardStream({ signal: options.signal, classify: classifyOpenAIError, idleTimeoutMs: options.idleTimeoutMs }, async function* (signal) {
    const stream = await createClient().chat.completions.create(body, { signal });
    const mapper = new OpenAIChunkMapper();
    for await (const chunk of stream) yield* mapper.push(chunk);
    yield* mapper.end();
  });
}
