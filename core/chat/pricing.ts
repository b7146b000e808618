/**
 * Token prices as credits per token, where 1,000,000 credits are one US dollar (LibreChat's unit):
 * the numbers are USD per million tokens. Matched by model-name prefix, longest first.
 */
const prices: Array<[prefix: string, prompt: number, completion: number]> = [
  ['gpt-4o-mini', 0.15, 0.6],
  ['gpt-4o', 2.5, 10],
  ['gpt-4.1-nano', 0.1, 0.4],
  ['gpt-4.1-mini', 0.4, 1.6],
  ['gpt-4.1', 2, 8],
  ['gpt-4-turbo', 10, 30],
  ['gpt-4-32k', 60, 120],
  ['gpt-4', 30, 60],
  ['gpt-3.5-turbo', 0.5, 1.5],
  ['gpt-5-mini', 0.25, 2],
  ['gpt-5-nano', 0.05, 0.4],
  ['gpt-5', 1.25, 10],
  ['o1-mini', 1.1, 4.4],
  ['o1', 15, 60],
  ['o3-mini', 1.1, 4.4],
  ['o3', 2, 8],
  ['o4-mini', 1.1, 4.4],
  ['claude-3-haiku', 0.25, 1.25],
  ['claude-3-5-haiku', 0.8, 4],
  ['claude-3-opus', 15, 75],
  ['claude-opus', 15, 75],
  ['claude-3', 3, 15],
  ['claude-sonnet', 3, 15],
  ['claude', 8, 24],
  ['gemini-1.5-flash', 0.075, 0.3],
  ['gemini-2.0-flash', 0.1, 0.4],
  ['gemini-2.5-flash', 0.3, 2.5],
  ['gemini-1.5-pro', 1.25, 5],
  ['gemini-2.5-pro', 1.25, 10],
  ['gemini', 0.5, 1.5],
];
const sorted = [...prices].sort((a, b) => b[0].length - a[0].length);

/** What an unknown model costs: high enough that a balance is not drained by surprise. */
export const DEFAULT_RATES = { prompt: 6, completion: 6 };

export function tokenRates(model: string): { prompt: number; completion: number } {
  const bare = model.slice(model.lastIndexOf('/') + 1).toLowerCase();
  const found = sorted.find(([prefix]) => bare.startsWith(prefix));
  return found ? { prompt: found[1], completion: found[2] } : DEFAULT_RATES;
}
