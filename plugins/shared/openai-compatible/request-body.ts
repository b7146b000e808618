import type { ChatCompletionContentPart, ChatCompletionCreateParamsStreaming, ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { ChatMessage, ChatRequest } from '../../../core/plugin-api/index.js';

/** How an endpoint shapes the body beyond the request itself (librechat.yaml addParams / dropParams). */
export interface BodyOptions {
  /** Ask for a final usage chunk (`stream_options.include_usage`); old Azure API versions reject it. */
  includeUsage?: boolean;
  /** Merged over the built body, so the operator can set what chatbox does not model (e.g. reasoning_effort). */
  addParams?: Record<string, unknown>;
  /** Removed from the body last, for upstreams that reject a parameter (stop, user, penalties …). */
  dropParams?: string[];
}

/** The bare model id, without an aggregator's vendor prefix ("openai/o3-mini" → "o3-mini"). */
const bareModel = (model: string) => model.slice(model.lastIndexOf('/') + 1).toLowerCase();

/**
 * OpenAI reasoning models (o1, o3, o4, gpt-5 but not gpt-5-chat) refuse sampling parameters and
 * `max_tokens`, and take their instructions as a developer message.
 */
export function isReasoningModel(model: string): boolean {
  return /^(o\d(?:-|$)|gpt-5(?!-chat))/.test(bareModel(model));
}

/** The first o1 previews accept neither system nor developer messages. */
const refusesInstructions = (model: string) => /^o1-(mini|preview)/.test(bareModel(model));

function toMessageParam(message: ChatMessage): ChatCompletionMessageParam {
  if (message.role === 'assistant') return { role: 'assistant', content: message.content };
  if (message.role === 'system') return { role: 'system', content: message.content };
  if (!message.images?.length) return { role: 'user', content: message.content };
  const parts: ChatCompletionContentPart[] = [{ type: 'text', text: message.content }];
  for (const image of message.images) parts.push({ type: 'image_url', image_url: { url: image.url, detail: image.detail ?? 'auto' } });
  return { role: 'user', content: parts };
}

function buildMessages(request: ChatRequest): ChatCompletionMessageParam[] {
  const messages = request.messages.map(toMessageParam);
  if (!request.system) return messages;
  if (refusesInstructions(request.model)) {
    const firstUser = messages.findIndex((message) => message.role === 'user' && typeof message.content === 'string');
    if (firstUser >= 0) {
      messages[firstUser] = { role: 'user', content: `${request.system}\n\n${messages[firstUser].content as string}` };
      return messages;
    }
  }
  const role = isReasoningModel(request.model) ? 'developer' : 'system';
  return [{ role, content: request.system }, ...messages];
}

function samplingParameters(request: ChatRequest): Record<string, unknown> {
  const { parameters } = request;
  if (isReasoningModel(request.model)) {
    return { max_completion_tokens: parameters.maxOutputTokens };
  }
  return {
    temperature: parameters.temperature,
    top_p: parameters.topP,
    presence_penalty: parameters.presencePenalty,
    frequency_penalty: parameters.frequencyPenalty,
    max_tokens: parameters.maxOutputTokens,
    stop: parameters.stop?.length ? parameters.stop : undefined,
  };
}

/** Builds the streaming chat completion body shared by OpenAI, Azure OpenAI and custom endpoints. */
export function buildChatCompletionBody(request: ChatRequest, options: BodyOptions = {}): ChatCompletionCreateParamsStreaming {
  const body: Record<string, unknown> = {
    model: request.model,
    messages: buildMessages(request),
    ...samplingParameters(request),
    user: request.user,
    stream: true,
    ...(options.includeUsage === false ? {} : { stream_options: { include_usage: true } }),
    ...options.addParams,
  };
  for (const name of options.dropParams ?? []) delete body[name];
  for (const [name, value] of Object.entries(body)) if (value === undefined) delete body[name];
  // addParams may not switch streaming off: the mapping below only reads a stream.
  return { ...body, stream: true } as ChatCompletionCreateParamsStreaming;
}
