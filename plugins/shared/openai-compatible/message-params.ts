import type { ChatCompletionContentPart, ChatCompletionContentPartText, ChatCompletionMessageParam, ChatCompletionMessageToolCall } from 'openai/resources/chat/completions';
import type { ChatMessage, ContentPart, ImageContent } from '../../../core/plugin-api/index.js';
import { contentText, toolInputJson } from '../message-content.js';

function imagePart(image: ImageContent): ChatCompletionContentPart {
  return { type: 'image_url', image_url: { url: image.url, detail: image.detail ?? 'auto' } };
}

/** The user-side parts chat completions takes: text, images, files (as `file_data`, PDFs mostly). */
function userPart(part: ContentPart): ChatCompletionContentPart[] {
  if (part.type === 'text') return [{ type: 'text', text: part.text }];
  if (part.type === 'image') return [imagePart(part)];
  if (part.type === 'file') return [{ type: 'file', file: { file_data: part.url, ...(part.filename ? { filename: part.filename } : {}) } }];
  return [];
}

function assistantParam(content: ContentPart[]): ChatCompletionMessageParam {
  const toolCalls: ChatCompletionMessageToolCall[] = content.flatMap((part) =>
    part.type === 'tool-call' ? [{ id: part.id, type: 'function' as const, function: { name: part.name, arguments: toolInputJson(part.input) } }] : [],
  );
  const text = contentText(content);
  if (toolCalls.length === 0) return { role: 'assistant', content: text };
  // With tool calls, an assistant turn without text has `content: null`, as OpenAI itself answers it.
  return { role: 'assistant', content: text === '' ? null : text, tool_calls: toolCalls };
}

/**
 * Tool results: one `tool` message per result, answering its call by id. Chat completions takes
 * text only in a tool message, so images a tool returned follow in one user message.
 */
function toolParams(content: ContentPart[]): ChatCompletionMessageParam[] {
  const results = content.flatMap((part) => (part.type === 'tool-result' ? [part] : []));
  const params: ChatCompletionMessageParam[] = results.map((result) => ({ role: 'tool', tool_call_id: result.toolCallId, content: contentText(result.output) }));
  const images = results.flatMap((result) => result.output.flatMap((part) => (part.type === 'image' ? [imagePart(part)] : [])));
  if (images.length > 0) {
    const intro: ChatCompletionContentPartText = { type: 'text', text: 'Images returned by the tools above:' };
    params.push({ role: 'user', content: [intro, ...images] });
  }
  return params;
}

/** One chatbox message as chat completions messages (a tool message may become several). */
export function toMessageParams(message: ChatMessage): ChatCompletionMessageParam[] {
  const { content } = message;
  if (message.role === 'system') return [{ role: 'system', content: contentText(content) }];
  if (typeof content === 'string') return message.role === 'tool' ? [] : [{ role: message.role, content }];
  if (message.role === 'assistant') return [assistantParam(content)];
  if (message.role === 'tool') return toolParams(content);
  return [{ role: 'user', content: content.flatMap(userPart) }];
}
