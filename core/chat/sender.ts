import type { ConfiguredEndpoint } from '../endpoints/configured-endpoint.js';
import type { EndpointOptions } from '../store/repositories/common.js';

const defaultSenders: Record<string, string> = { openAI: 'ChatGPT', azureOpenAI: 'ChatGPT', gptPlugins: 'ChatGPT', anthropic: 'Claude', google: 'Gemini' };

/** The name shown on replies: the conversation's own label, else the endpoint's, else its vendor's. */
export function senderFor(entry: ConfiguredEndpoint, options: EndpointOptions): string {
  return options.modelLabel || options.chatGptLabel || entry.modelDisplayLabel || defaultSenders[entry.name] || 'AI';
}
