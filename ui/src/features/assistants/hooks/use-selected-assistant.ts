import type { AssistantDto } from '@protocol';
import { useState } from 'react';
import { readStoredAssistantId, storeAssistantId } from '../../../lib/assistants/index.js';
import { useChatSetup } from '../../../lib/chat-setup/index.js';
import { removeStorage } from '../../../lib/storage.js';
import { assistantStorageKey } from '../../../lib/assistants/index.js';

/**
 * The builder's assistant: the chat's `assistant_id` on the assistants endpoint, else the one last
 * picked (`assistant_id__0`). Picking one makes it the chat's too, with its model (spec 001 §4);
 * undefined is "create new".
 */
export function useSelectedAssistant(assistants: readonly AssistantDto[]) {
  const { setup, update } = useChatSetup();
  const [picked, setPicked] = useState<string | null>(readStoredAssistantId);
  const onAssistants = setup.endpoint === 'assistants';
  const id = onAssistants && setup.assistant_id ? setup.assistant_id : picked;
  const selected = assistants.find((assistant) => assistant.id === id);

  const select = (assistant: AssistantDto | undefined) => {
    setPicked(assistant?.id ?? null);
    if (assistant) storeAssistantId(assistant.id);
    else removeStorage(assistantStorageKey());
    if (onAssistants) update({ assistant_id: assistant?.id ?? null, model: assistant?.model ?? null });
  };
  return { selected, select };
}
