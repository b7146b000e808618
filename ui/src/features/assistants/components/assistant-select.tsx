import { useEffect, useId } from 'react';
import { readStoredAssistantId, storeAssistantId, useAssistants } from '../../../lib/assistants/index.js';
import { useChatSetup } from '../../../lib/chat-setup/index.js';
import { useLocalize } from '../../../lib/i18n/index.js';

/**
 * The header's assistant dropdown on the assistants endpoint (spec 001 §2). Spec 001 §4: without a
 * valid assistant the stored `assistant_id__0` or the first one is taken, with its model.
 */
export function AssistantSelect() {
  const localize = useLocalize();
  const id = useId();
  const { setup, update } = useChatSetup();
  const { assistants, enabled } = useAssistants();
  const onAssistants = setup.endpoint === 'assistants';
  const current = assistants.find((assistant) => assistant.id === setup.assistant_id);

  useEffect(() => {
    if (!onAssistants || !enabled || current || assistants.length === 0) return;
    const stored = readStoredAssistantId();
    const chosen = assistants.find((assistant) => assistant.id === stored) ?? assistants[0];
    if (chosen) update({ assistant_id: chosen.id, model: chosen.model });
  }, [onAssistants, enabled, current, assistants, update]);

  if (!onAssistants || assistants.length === 0) return null;
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {localize('com_assistants_select')}
      </label>
      <select
        id={id}
        value={current?.id ?? ''}
        onChange={(event) => {
          const chosen = assistants.find((assistant) => assistant.id === event.target.value);
          if (!chosen) return;
          storeAssistantId(chosen.id);
          update({ assistant_id: chosen.id, model: chosen.model });
        }}
        className="h-9 max-w-48 truncate rounded-lg border border-neutral-300 bg-white px-2 text-sm dark:border-neutral-600 dark:bg-neutral-900"
      >
        {assistants.map((assistant) => (
          <option key={assistant.id} value={assistant.id}>
            {assistant.name || assistant.id}
          </option>
        ))}
      </select>
    </>
  );
}
