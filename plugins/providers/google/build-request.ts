import { FunctionCallingMode, type Content, type GenerationConfig, type Part, type Tool, type ToolConfig } from '@google/generative-ai';
import type { ChatMessage, ChatRequest, ContentPart, ProviderFailure, ToolChoice } from '../../../core/plugin-api/index.js';
import { alternatingTurns, collectSystemPrompt, inTurnOrder, type Turn } from '../../shared/chat-messages.js';
import { parseDataUrl } from '../../shared/data-url.js';
import { contentParts, contentText, toolInputObject } from '../../shared/message-content.js';
import { providerFailure } from '../../shared/provider-failure.js';
import { toFunctionParameters } from './tool-schema.js';

/** A Google conversation example, as LibreChat stores it. */
interface Example {
  input?: { content?: string };
  output?: { content?: string };
}

export interface GeminiRequest {
  contents: Content[];
  systemInstruction?: Content;
  generationConfig: GenerationConfig;
  tools?: Tool[];
  toolConfig?: ToolConfig;
}

/** PaLM 2 models (chat-bison, text-bison, codechat-bison …) that Google retired. */
export const isPalmModel = (model: string) => /^(models\/)?(chat|text|codechat|code)-bison/.test(model);

/** Examples become leading user/model turns; LibreChat's UI always keeps one, possibly empty, pair. */
function exampleTurns(extra: Record<string, unknown> | undefined): ChatMessage[] {
  const examples = Array.isArray(extra?.examples) ? (extra.examples as Example[]) : [];
  return examples.flatMap((example) => {
    const input = example.input?.content?.trim();
    const output = example.output?.content?.trim();
    if (!input || !output) return [];
    return [
      { role: 'user' as const, content: input },
      { role: 'assistant' as const, content: output },
    ];
  });
}

/** Inline bytes: the Gemini API does not fetch arbitrary URLs, so core sends uploads as data URLs. */
function inlinePart(url: string, what: string): Part | ProviderFailure {
  const inline = parseDataUrl(url);
  if (!inline) return providerFailure('bad_request', `Gemini needs ${what} as data URLs, not ${url.slice(0, 40)}`);
  return { inlineData: inline };
}

/** One content part as Gemini parts; a tool result is a functionResponse followed by any images it returned. */
function toParts(part: ContentPart): Part[] | ProviderFailure {
  switch (part.type) {
    case 'text':
      return part.text === '' ? [] : [{ text: part.text }];
    case 'image':
    case 'file': {
      const inline = inlinePart(part.url, part.type === 'image' ? 'images' : 'files');
      return 'kind' in inline ? inline : [inline];
    }
    case 'tool-call':
      return [{ functionCall: { name: part.name, args: toolInputObject(part.input) } }];
    case 'tool-result': {
      const text = contentText(part.output);
      const parts: Part[] = [{ functionResponse: { name: part.toolName, response: part.isError ? { error: text } : { content: text } } }];
      for (const output of part.output) {
        if (output.type !== 'image') continue;
        const inline = inlinePart(output.url, 'images');
        if ('kind' in inline) return inline;
        parts.push(inline);
      }
      return parts;
    }
  }
}

function toContent(turn: Turn): Content | ProviderFailure {
  const parts: Part[] = [];
  const ordered = turn.role === 'user' ? inTurnOrder(contentParts(turn.content)) : contentParts(turn.content);
  for (const part of ordered) {
    const mapped = toParts(part);
    if ('kind' in mapped) return mapped;
    parts.push(...mapped);
  }
  return { role: turn.role === 'assistant' ? 'model' : 'user', parts };
}

function functionCallingMode(choice: ToolChoice): ToolConfig {
  if (typeof choice !== 'string') return { functionCallingConfig: { mode: FunctionCallingMode.ANY, allowedFunctionNames: [choice.name] } };
  const modes = { auto: FunctionCallingMode.AUTO, none: FunctionCallingMode.NONE, required: FunctionCallingMode.ANY };
  return { functionCallingConfig: { mode: modes[choice] } };
}

/** The request's tools as one functionDeclarations tool and a toolConfig; nothing when it has none. */
function toolParameters(request: ChatRequest): Pick<GeminiRequest, 'tools' | 'toolConfig'> {
  if (!request.tools?.length) return {};
  const functionDeclarations = request.tools.map((tool) => ({ name: tool.name, description: tool.description, parameters: toFunctionParameters(tool.inputSchema) }));
  return { tools: [{ functionDeclarations }], ...(request.toolChoice ? { toolConfig: functionCallingMode(request.toolChoice) } : {}) };
}

/** Builds the generateContent request, or a bad_request failure for what Gemini cannot take. */
export function buildGeminiRequest(request: ChatRequest): GeminiRequest | ProviderFailure {
  if (isPalmModel(request.model)) {
    return providerFailure('bad_request', `The model "${request.model}" is a retired PaLM 2 model that Google no longer serves; choose a Gemini model such as gemini-2.5-flash.`);
  }
  const context = typeof request.extra?.context === 'string' ? request.extra.context : undefined;
  const system = collectSystemPrompt(request, context);
  const contents: Content[] = [];
  for (const message of alternatingTurns([...exampleTurns(request.extra), ...request.messages])) {
    const content = toContent(message);
    if ('kind' in content) return content;
    contents.push(content);
  }
  const { temperature, topP, topK, maxOutputTokens, stop } = request.parameters;
  const generationConfig: GenerationConfig = { temperature, topP, topK, maxOutputTokens, stopSequences: stop?.length ? stop : undefined };
  for (const key of Object.keys(generationConfig) as Array<keyof GenerationConfig>) if (generationConfig[key] === undefined) delete generationConfig[key];
  return { contents, generationConfig, ...toolParameters(request), ...(system ? { systemInstruction: { role: 'system', parts: [{ text: system }] } } : {}) };
}
