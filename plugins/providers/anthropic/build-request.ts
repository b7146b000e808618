import type { ContentBlockParam, ImageBlockParam, MessageCreateParamsStreaming, MessageParam, TextBlockParam, ToolChoice as ToolChoiceParam } from '@anthropic-ai/sdk/resources/messages';
import type { ChatRequest, ContentPart, FileContent, ToolChoice, ToolResultContent } from '../../../core/plugin-api/index.js';
import { alternatingTurns, collectSystemPrompt, inTurnOrder, type Turn } from '../../shared/chat-messages.js';
import { toolInputObject } from '../../shared/message-content.js';
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

/** A file as a document block: PDFs as base64 or by URL, text files as their text. */
function documentBlock(file: FileContent): ContentBlockParam {
  const inline = parseDataUrl(file.url);
  const title = file.filename ? { title: file.filename } : {};
  if (!inline) return { type: 'document', source: { type: 'url', url: file.url }, ...title };
  if (inline.mimeType.startsWith('text/')) {
    return { type: 'document', source: { type: 'text', media_type: 'text/plain', data: Buffer.from(inline.data, 'base64').toString('utf8') }, ...title };
  }
  return { type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: inline.data }, ...title };
}

function toolResultBlock(result: ToolResultContent): ContentBlockParam {
  const content = result.output.map((part) => (part.type === 'text' ? { type: 'text' as const, text: part.text } : imageBlock(part.url)));
  return { type: 'tool_result', tool_use_id: result.toolCallId, content: content.filter(isToolResultContent), ...(result.isError ? { is_error: true } : {}) };
}

const isToolResultContent = (block: ContentBlockParam): block is TextBlockParam | ImageBlockParam => block.type === 'text' || block.type === 'image';

function toBlock(part: ContentPart): ContentBlockParam {
  switch (part.type) {
    case 'text':
      return { type: 'text', text: part.text };
    case 'image':
      return imageBlock(part.url);
    case 'file':
      return documentBlock(part);
    case 'tool-call':
      return { type: 'tool_use', id: part.id, name: part.name, input: toolInputObject(part.input) };
    case 'tool-result':
      return toolResultBlock(part);
  }
}

function toMessageParam(turn: Turn): MessageParam {
  if (typeof turn.content === 'string') return { role: turn.role, content: turn.content };
  const parts = turn.content.filter((part) => part.type !== 'text' || part.text !== '');
  return { role: turn.role, content: (turn.role === 'user' ? inTurnOrder(parts) : parts).map(toBlock) };
}

/** Anthropic's tool choice; `required` is its `any`. */
function toolChoiceParam(choice: ToolChoice): ToolChoiceParam {
  if (typeof choice !== 'string') return { type: 'tool', name: choice.name };
  return choice === 'required' ? { type: 'any' } : { type: choice };
}

/** The request's tools as Messages API `tools` and `tool_choice`; nothing when it has none. */
function toolParameters(request: ChatRequest) {
  if (!request.tools?.length) return {};
  const tools = request.tools.map((tool) => ({ name: tool.name, description: tool.description, input_schema: tool.inputSchema }));
  return { tools, ...(request.toolChoice ? { tool_choice: toolChoiceParam(request.toolChoice) } : {}) };
}

/** A final assistant turn is a prefill to continue; the API refuses one ending in whitespace. */
function trimPrefill(last: MessageParam | undefined): void {
  if (last?.role !== 'assistant') return;
  if (typeof last.content === 'string') last.content = last.content.trimEnd();
  else {
    const block = last.content.at(-1);
    if (block?.type === 'text') block.text = block.text.trimEnd();
  }
}

function samplingParameters(request: ChatRequest) {
  const { temperature, topP, topK } = request.parameters;
  const dropTopP = temperature !== undefined && allowsOneSamplerOnly(request.model);
  return { temperature, top_p: dropTopP ? undefined : topP, top_k: topK };
}

/** Builds the streaming Messages API body: system apart, alternating turns, sampling parameters. */
export function buildMessagesBody(request: ChatRequest, defaultMaxTokens: number): MessageCreateParamsStreaming {
  const messages = alternatingTurns(request.messages).map(toMessageParam);
  trimPrefill(messages.at(-1));
  const body: Record<string, unknown> = {
    model: request.model,
    max_tokens: request.parameters.maxOutputTokens ?? defaultMaxTokens,
    system: collectSystemPrompt(request),
    messages,
    ...samplingParameters(request),
    ...toolParameters(request),
    stop_sequences: request.parameters.stop?.length ? request.parameters.stop : undefined,
    metadata: request.user ? { user_id: request.user } : undefined,
    stream: true,
  };
  for (const [name, value] of Object.entries(body)) if (value === undefined) delete body[name];
  return body as unknown as MessageCreateParamsStreaming;
}
