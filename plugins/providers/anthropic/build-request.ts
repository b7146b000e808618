import type { ContentBlockParam, MessageCreateParamsStreaming, MessageParam } from '@anthropic-ai/sdk/resources/messages';
import type { ChatMessage, ChatRequest } from '../../../core/plugin-api/index.js';
import { alternatingTurns, collectSystemPrompt } from '../../shared/chat-messages.js';
import { parseDataUrl } from '../../shared/data-url.js';

/**
 * Claude 4.1 and later refuse temperature and top_p together ("cannot both be specified"); dated ids
 * such as claude-sonnet-4-20250514 are 4.0 and accept both.
 */
export function allowsOneSamplerOnly(model: string): boolean {
  return /claude-[a-z]+-(4-[1-9](?!\d)|[5-9](?!\d))/.test(model);
}

function imageBlock(url: string): ContentBlockParam {
  const inline = parseDataUrl(url);
  if (!inline) return { type: 'image', source: { type: 'url', url } };
  const mediaType = inline.mimeType as 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp';
  return { type: 'image', source: { type: 'base64', media_type: mediaType, data: inline.data } };
}

function toMessageParam(message: ChatMessage): MessageParam {
  const role = message.role === 'assistant' ? 'assistant' : 'user';
  if (!message.images?.length) return { role, content: message.content };
  // Anthropic advises images before the text that refers to them.
  const blocks: ContentBlockParam[] = message.images.map((image) => imageBlock(image.url));
  if (message.content !== '') blocks.push({ type: 'text', text: message.content });
  return { role, content: blocks };
}

function samplingParameters(request: ChatRequest) {
  const { temperature, topP, topK } = request.parameters;
  const dropTopP = temperature !== undefined && allowsOneSamplerOnly(request.model);
  return { temperature, top_p: dropTopP ? undefined : topP, top_k: topK };
}

/** Builds the streaming Messages API body: system apart, alternating turns, sampling parameters. */
export function buildMessagesBody(request: ChatRequest, defaultMaxTokens: number): MessageCreateParamsStreaming {
  const messages = alternatingTurns(request.messages).map(toMessageParam);
  const last = messages.at(-1);
  // A final assistant turn is a prefill to continue; the API refuses one ending in whitespace.
  if (last?.role === 'assistant' && typeof last.content === 'string') last.content = last.content.trimEnd();
  const body: Record<string, unknown> = {
    model: request.model,
    max_tokens: request.parameters.maxOutputTokens ?? defaultMaxTokens,
    system: collectSystemPrompt(request),
    messages,
    ...samplingParameters(request),
    stop_sequences: request.parameters.stop?.length ? request.parameters.stop : undefined,
    metadata: request.user ? { user_id: request.user } : undefined,
    stream: true,
  };
  for (const [name, value] of Object.entries(body)) if (value === undefined) delete body[name];
  return body as unknown as MessageCreateParamsStreaming;
}
