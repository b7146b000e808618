import type { ChatCompletionCreateParamsStreaming, ChatCompletionMessageParam, ChatCompletionTool, ChatCompletionToolChoiceOption } from 'openai/resources/chat/completions';
import type { ChatRequest, ToolChoice } from '../../../core/plugin-api/index.js';
import { toMessageParams } from './message-params.js';

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

function buildMessages(request: ChatRequest): ChatCompletionMessageParam[] {
  const messages = request.messages.flatMap(toMessageParams);
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

function toolChoiceParam(choice: ToolChoice): ChatCompletionToolChoiceOption {
  return typeof choice === 'string' ? choice : { type: 'function', function: { name: choice.name } };
}

/** The request's tools as chat completions `tools` and `tool_choice`; nothing when it has none. */
function toolParameters(request: ChatRequest): { tools?: ChatCompletionTool[]; tool_choice?: ChatCompletionToolChoiceOption } {
  if (!request.tools?.length) return {};
  const tools: ChatCompletionTool[] = request.tools.map((tool) => ({
    type: 'function',
    function: { name: tool.name, description: tool.description, parameters: tool.inputSchema },
  }));
  return { tools, ...(request.toolChoice ? { tool_choice: toolChoiceParam(request.toolChoice) } : {}) };
}

/** Builds the streaming chat completion body shared by OpenAI, Azure OpenAI and custom endpoints. */
export function buildChatCompletionBody(request: ChatRequest, options: BodyOptions = {}): ChatCompletionCreateParamsStreaming {
  const body: Record<string, unknown> = {
    model: request.model,
    messages: buildMessages(request),
    ...samplingParameters(request),
    ...toolParameters(request),
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
