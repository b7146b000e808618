/**
 * Context sizes (tokens) by model-name prefix, longest prefix first wins. Unknown models get a
 * conservative default; `maxContextTokens` on the conversation overrides both.
 */
const windows: Array<[prefix: string, tokens: number]> = [
  ['gpt-4.1', 1_047_576],
  ['gpt-5', 400_000],
  ['gpt-4o', 128_000],
  ['chatgpt-4o', 128_000],
  ['gpt-4-turbo', 128_000],
  ['gpt-4-1106', 128_000],
  ['gpt-4-0125', 128_000],
  ['gpt-4-32k', 32_768],
  ['gpt-4', 8_192],
  ['gpt-3.5-turbo-16k', 16_385],
  ['gpt-3.5-turbo', 16_385],
  ['o1-mini', 128_000],
  ['o1', 200_000],
  ['o3', 200_000],
  ['o4', 200_000],
  ['claude-2', 100_000],
  ['claude', 200_000],
  ['gemini-1.5', 1_048_576],
  ['gemini-2', 1_048_576],
  ['gemini', 32_768],
  ['mistral-large', 128_000],
  ['llama3', 8_192],
  ['llama-3.1', 128_000],
  ['llama-3.3', 128_000],
];
const sorted = [...windows].sort((a, b) => b[0].length - a[0].length);

export const DEFAULT_CONTEXT_TOKENS = 8_192;

export function contextWindow(model: string, override?: number | null): number {
  if (override && override > 0) return override;
  const bare = model.slice(model.lastIndexOf('/') + 1).toLowerCase();
  return sorted.find(([prefix]) => bare.startsWith(prefix))?.[1] ?? DEFAULT_CONTEXT_TOKENS;
}
