import { readStorage, writeStorage } from '../storage.js';

/**
 * Spec 000 and 001 §3: the assistant last chosen is remembered as `assistant_id__{index}`, the index of
 * the conversation view (LibreChat's; chatbox has one view, index 0).
 */
export const assistantStorageKey = (index = 0) => `assistant_id__${index}`;

export function readStoredAssistantId(index = 0): string | null {
  return readStorage(assistantStorageKey(index));
}

export function storeAssistantId(id: string, index = 0): void {
  writeStorage(assistantStorageKey(index), id);
}
