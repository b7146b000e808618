/** The OpenAI chat completions pipeline, shared by the openAI, azureOpenAI and custom providers. */
export { buildChatCompletionBody, isReasoningModel, type BodyOptions } from './request-body.js';
export { OpenAIChunkMapper } from './chunk-mapper.js';
export { classifyOpenAIError } from './classify-error.js';
export { streamChatCompletion, type CompletionStreamOptions } from './stream-chat-completion.js';
export { fetchModelIds } from './list-models.js';
export { stripOperationPath } from './base-url.js';
