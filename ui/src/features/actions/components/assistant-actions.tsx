import type { ActionDto } from '@protocol';
import { useState } from 'react';
import { Button } from '../../../components/button.js';
import { useLocalize } from '../../../lib/i18n/index.js';
import { useAssistantActions } from '../api/actions-api.js';
import { ActionsEditor } from './actions-editor.js';

export interface AssistantActionsProps {
  /** The saved assistant; undefined while it is new (the editor then says actions wait for the save). */
  assistantId: string | undefined;
  /** The assistant's saved model (the DELETE route names it). */
  model: string;
}

/**
 * The builder's Actions section (spec 001 §2, issue 19 §5): the assistant's actions by domain, each
 * opening the editor, and Add action. The editor takes the section's place while it is open.
 */
export function AssistantActions({ assistantId, model }: AssistantActionsProps) {
  const localize = useLocalize();
  const { data: actions = [] } = useAssistantActions(assistantId);
  // null: the list; 'new': the editor adding one; an action: the editor on it.
  const [editing, setEditing] = useState<ActionDto | 'new' | null>(null);

  if (!assistantId) return <ActionsEditor assistantId={undefined} onClose={() => setEditing(null)} />;
  if (editing) {
    return <ActionsEditor assistantId={assistantId} action={editing === 'new' ? undefined : editing} model={model} onClose={() => setEditing(null)} />;
  }

  return (
    <section aria-label={localize('com_assistants_actions')} className="flex flex-col gap-2">
      <h3 className="text-sm font-medium">{localize('com_assistants_actions')}</h3>
      <ul aria-label={localize('com_assistants_actions')} className="flex flex-col gap-1">
        {actions.map((action) => (
          <li key={action.action_id}>
            <button
              type="button"
              onClick={() => setEditing(action)}
              className="w-full truncate rounded-lg border border-neutral-200 px-2 py-1 text-left text-sm hover:bg-neutral-100 dark:border-neutral-700 dark:hover:bg-neutral-800"
            >
              {action.metadata.domain}
            </button>
          </li>
        ))}
      </ul>
      <Button variant="secondary" className="self-start px-3 py-1.5" onClick={() => setEditing('new')}>
        {localize('com_assistants_add_action')}
      </Button>
    </section>
  );
}
