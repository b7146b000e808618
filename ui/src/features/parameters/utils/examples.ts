export interface Example {
  input: { content: string };
  output: { content: string };
}

export const emptyExample = (): Example => ({ input: { content: '' }, output: { content: '' } });

/** Spec 000 §5: the list always shows at least one pair, possibly empty. */
export function examplesForDisplay(examples: readonly Example[] | null | undefined): Example[] {
  return examples && examples.length > 0 ? [...examples] : [emptyExample()];
}

export function addExample(examples: readonly Example[] | null | undefined): Example[] {
  return [...examplesForDisplay(examples), emptyExample()];
}

/** Removing the only pair resets it to empty rather than leaving none. */
export function removeExample(examples: readonly Example[] | null | undefined, index: number): Example[] {
  const list = examplesForDisplay(examples);
  if (list.length <= 1) return [emptyExample()];
  return list.filter((_, position) => position !== index);
}

export function updateExample(examples: readonly Example[] | null | undefined, index: number, side: 'input' | 'output', content: string): Example[] {
  return examplesForDisplay(examples).map((example, position) => (position === index ? { ...example, [side]: { content } } : example));
}
