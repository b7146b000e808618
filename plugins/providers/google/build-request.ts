import type { Content, GenerationConfig, Part } from '@google/generative-ai';
import type { ChatMessage, ChatRequest, ProviderFailure } from '../../../core/plugin-api/index.js';
import { alternatingTurns, collectSystemPrompt } from '../../shared/chat-messages.js';
import { parseDataUrl } from '../../shared/data-url.js';
import { providerFailure } from '../../shared/provider-failure.js';

/** A Google conversation example, as LibreChat stores it. */
interface Example {
  input?: { content?: string };
  output?: { content?: string };
}

export interface GeminiRequest {
  contents: Content[];
  systemInstruction?: Content;
  generationConfig: GenerationConfig;
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

function toContent(message: ChatMessage): Content | ProviderFailure {
  const parts: Part[] = [];
  for (const image of message.images ?? []) {
    const inline = parseDataUrl(image.url);
    // The Gemini API does not fetch arbitrary URLs; core sends uploads as data URLs.
    if (!inline) return providerFailure('bad_request', `Gemini needs images as data URLs, not ${image.url.slice(0, 40)}`);
    parts.push({ inlineData: inline });
  }
  if (message.content !== '') parts.push({ text: message.content });
  return { role: message.role === 'assistant' ? 'model' : 'user', parts };
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
  return { contents, generationConfig, ...(system ? { systemInstruction: { role: 'system', parts: [{ text: system }] } } : {}) };
}
