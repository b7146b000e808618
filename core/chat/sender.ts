import type { ConfiguredEndpoint } from '../endpoints/configured-endpoint.js';
import type { EndpointOptions } from '../store/repositories/common.js';

const defaultSenders: Record<string, string> = { openAI: 'ChatGPT', azureOpenAI: 'ChatGPT', gptPlugins: 'ChatGPT', anthropic: 'Claude', google: 'Gemini', chatGPTBrowser: 'ChatGPT' };

/** The name shown on replies: the conversation's own label, else the endpoint's, else its vendor's. */
export function senderFor(entry: ConfiguredEndpoint, options: EndpointOptions): string {
  // Bing's sender is its mode (LibreChat's): Sydney when jailbroken.
  if (entry.name === 'bingAI') return options.jailbreak || options.model === 'Sydney' ? 'Sydney' : 'BingAI';
  return options.modelLabel || options.chatGptLabel || entry.modelDisplayLabel || defaultSenders[entry.name] || 'AI';
}
