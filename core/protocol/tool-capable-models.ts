/**
 * Model names (lowercase substrings) whose APIs refuse tool definitions: completion-only and early
 * reasoning OpenAI models, search-preview and ChatGPT snapshots, Claude before 3, Gemini 1.0 vision
 * and PaLM, and Gemma served by the Gemini API. Every other model is assumed able, since custom
 * endpoints serve open models under any name; one that is not answers with a provider error.
 */
const withoutToolCalling = [
  'gpt-3.5-turbo-instruct', 'davinci', 'babbage', 'o1-mini', 'o1-preview', 'search-preview', 'chatgpt-4o-latest',
  'claude-2', 'claude-instant', 'gemini-pro-vision', 'gemini-1.0-pro-vision', 'bison', 'gemma',
];

/** Whether the agent loop can offer tools to this model. */
export function canCallTools(model: string): boolean {
  const name = model.toLowerCase();
  return !withoutToolCalling.some((mark) => name.includes(mark));
}
