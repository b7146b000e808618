import type { EndpointEntry } from '../server/endpoints-plugin.js';
import type { EndpointOptions } from '../store/types.js';

const defaultSenders: Record<string, string> = { openAI: 'ChatGPT', azureOpenAI: 'ChatGPT', anthropic: 'Claude', google: 'Gemini' };

/** The name shown on replies: the conversation's own label, else the endpoint's, else its vendor's. */
export function senderFor(entry: EndpointEntry, options: EndpointOptions): string {
  return options.modelLabel || options.chatGptLabel || entry.modelDisplayLabel || defaultSenders[entry.name] || 'AI';
}
