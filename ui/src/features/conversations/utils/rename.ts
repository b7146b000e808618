/**
 * Spec 000 §4: a rename applies only if the title changed. Returns the title to save, or null
 * when there is nothing to do (unchanged, or emptied: an empty title is not a title).
 */
export function titleToSave(original: string, edited: string): string | null {
  const title = edited.trim();
  if (!title || title === original.trim()) return null;
  return title;
}
