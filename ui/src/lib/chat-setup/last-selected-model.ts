import { readStorage, writeStorage } from '../storage.js';

/** Spec 000 §3 storage item: the model last picked, per endpoint, so switching back restores it. */
export const LAST_SELECTED_MODEL_KEY = 'lastSelectedModel';

function readAll(): Record<string, string> {
  try {
    const value = JSON.parse(readStorage(LAST_SELECTED_MODEL_KEY) ?? '{}') as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, string>) : {};
  } catch {
    return {};
  }
}

export function rememberModel(endpoint: string, model: string): void {
  writeStorage(LAST_SELECTED_MODEL_KEY, JSON.stringify({ ...readAll(), [endpoint]: model }));
}

/** The remembered model if the endpoint still offers it, else the endpoint's first model. */
export function defaultModelFor(endpoint: string, models: readonly string[] | undefined): string | undefined {
  const remembered = readAll()[endpoint];
  if (remembered && models?.includes(remembered)) return remembered;
  return models?.[0];
}
