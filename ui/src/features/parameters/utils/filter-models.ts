/** Spec 000 §5: the filter box appears only with more than 10 options. */
export const MODEL_FILTER_THRESHOLD = 10;

export const showsModelFilter = (options: readonly string[]) => options.length > MODEL_FILTER_THRESHOLD;

/** Case-insensitive match on the option's label. */
export function filterModels(options: readonly string[], query: string): string[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [...options];
  return options.filter((option) => option.toLowerCase().includes(needle));
}
