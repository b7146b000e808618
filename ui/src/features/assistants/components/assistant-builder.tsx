import type { AssistantDto } from '@protocol';
import { ASSISTANT_DESCRIPTION_MAX, ASSISTANT_INSTRUCTIONS_MAX, ASSISTANT_NAME_MAX } from '@protocol';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type ComponentType, type FormEvent } from 'react';
import { Button } from '../../../components/button.js';
import { ConfirmDialog } from '../../../components/confirm-dialog.js';
import { TextField } from '../../../components/text-field.js';
import { useAssistants } from '../../../lib/assistants/index.js';
import { useEndpointsQuery, useModelsQuery } from '../../../lib/endpoints/index.js';
import { useLocalize } from '../../../lib/i18n/index.js';
import { useStartupConfig } from '../../../lib/startup-config/get-startup-config.js';
import { useToast } from '../../../lib/toast/index.js';
import { putInList, uploadAssistantAvatar, useDeleteAssistant, useSaveAssistant } from '../api/assistants-api.js';
import { useSelectedAssistant } from '../hooks/use-selected-assistant.js';
import { bodyOf, formValuesOf, retrievalAllowed, type AssistantFormValues } from '../utils/assistant-form.js';
import { ASSISTANT_AVATAR_TYPES, AssistantAvatar } from './assistant-avatar.js';
import { AssistantCapabilities } from './assistant-capabilities.js';
import { AssistantKnowledge } from './assistant-knowledge.js';
import { AssistantTools } from './assistant-tools.js';

const fieldClass = 'w-full rounded-lg border border-neutral-300 bg-white px-3 py-2 text-sm dark:border-neutral-600 dark:bg-neutral-900';

export interface AssistantBuilderProps {
  /**
   * The Actions section, composed in by the app (features never import each other); shown when the
   * endpoint's capabilities include `actions`. It gets the saved assistant's id (undefined while new).
   */
  ActionsSection?: ComponentType<{ assistantId: string | undefined; model: string }>;
}

/**
 * The assistant builder of the side panel (spec 001 §2, §4, §5): the picker (create-new first), avatar,
 * name, description, instructions, model, capabilities, knowledge, tools, delete and save, then the
 * actions. The picked assistant is the chat's too (its `assistant_id`).
 */
export function AssistantBuilder({ ActionsSection }: AssistantBuilderProps = {}) {
  const localize = useLocalize();
  const { data: endpoints } = useEndpointsQuery();
  const { data: models } = useModelsQuery();
  const { assistants } = useAssistants();
  const { selected, select } = useSelectedAssistant(assistants);
  const entry = endpoints?.assistants;
  const offeredModels = models?.assistants ?? [];
  const pickerId = useId();

  if (!entry) return <p className="text-sm text-neutral-500 dark:text-neutral-400">{localize('com_assistants_endpoint_off')}</p>;
  if (entry.disableBuilder) return <p className="text-sm text-neutral-500 dark:text-neutral-400">{localize('com_assistants_builder_disabled')}</p>;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={pickerId} className="text-sm font-medium">
          {localize('com_assistants_picker')}
        </label>
        <select id={pickerId} value={selected?.id ?? ''} onChange={(event) => select(assistants.find((assistant) => assistant.id === event.target.value))} className={fieldClass}>
          <option value="">{localize('com_assistants_create_new')}</option>
          {assistants.map((assistant) => (
            <option key={assistant.id} value={assistant.id}>
              {assistant.name || assistant.id}
            </option>
          ))}
        </select>
      </div>
      <AssistantForm
        key={selected?.id ?? 'new'}
        assistant={selected}
        models={offeredModels}
        capabilities={entry.capabilities ?? []}
        retrievalModels={entry.retrievalModels}
        onSaved={select}
        onDeleted={(id) => select(assistants.find((assistant) => assistant.id !== id))}
      />
      {/* Outside the form: Enter in the action editor must not submit the assistant. */}
      {ActionsSection && entry.capabilities?.includes('actions') && <ActionsSection key={`actions-${selected?.id ?? 'new'}`} assistantId={selected?.id} model={selected?.model ?? ''} />}
    </div>
  );
}

interface AssistantFormProps {
  assistant: AssistantDto | undefined;
  models: string[];
  capabilities: string[];
  retrievalModels?: string[];
  onSaved: (assistant: AssistantDto) => void;
  onDeleted: (id: string) => void;
}

function AssistantForm({ assistant, models, capabilities, retrievalModels, onSaved, onDeleted }: AssistantFormProps) {
  const localize = useLocalize();
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  const save = useSaveAssistant();
  const remove = useDeleteAssistant();
  const [values, setValues] = useState<AssistantFormValues>(() => formValuesOf(assistant, models[0] ?? ''));
  const [modelError, setModelError] = useState(false);
  const [avatar, setAvatar] = useState<File | null>(null);
  const [avatarProgress, setAvatarProgress] = useState(0);
  const [confirming, setConfirming] = useState(false);
  const avatarSizeLimit = useStartupConfig().config.avatarSizeLimit;
  const instructionsId = useId();
  const modelId = useId();
  const change = (patch: Partial<AssistantFormValues>) => setValues((current) => ({ ...current, ...patch }));

  // Spec 001 §4: retrieval goes off by itself for a model that cannot use it.
  const canRetrieve = retrievalAllowed(values.model, retrievalModels);
  useEffect(() => {
    if (!canRetrieve && values.retrieval) change({ retrieval: false });
  }, [canRetrieve, values.retrieval]);

  const uploadAvatar = async (target: AssistantDto, file: File) => {
    setAvatarProgress(0.4);
    try {
      const updated = await uploadAssistantAvatar(target.id, target.model, file, () => undefined);
      putInList(queryClient, updated);
      setAvatarProgress(1);
      setAvatar(null);
      showToast({ message: localize('com_assistants_avatar_success'), severity: 'success' });
    } catch {
      setAvatarProgress(0);
      setAvatar(null);
      showToast({ message: localize('com_assistants_avatar_error'), severity: 'error' });
    }
  };

  const chooseAvatar = (file: File) => {
    if (!ASSISTANT_AVATAR_TYPES.includes(file.type) || file.size > avatarSizeLimit) {
      showToast({ message: localize('com_ui_upload_invalid', String(Math.round((avatarSizeLimit / 1_048_576) * 100) / 100)), severity: 'error' });
      return;
    }
    setAvatar(file);
    // Before the assistant exists the upload waits for the create (spec 001 §4).
    if (assistant) void uploadAvatar(assistant, file);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!values.model) return setModelError(true);
    save.mutate(
      { id: assistant?.id, body: bodyOf(values, assistant) },
      {
        onSuccess: (saved) => {
          showToast({ message: localize(assistant ? 'com_assistants_update_success' : 'com_assistants_create_success'), severity: 'success' });
          if (!assistant && avatar) void uploadAvatar(saved, avatar);
          if (!assistant) onSaved(saved);
        },
        onError: (failure) =>
          showToast({ message: localize(assistant ? 'com_assistants_update_error' : 'com_assistants_create_error', failure.message), severity: 'error' }),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label={localize('com_sidepanel_assistant_builder')}>
      <AssistantAvatar url={typeof assistant?.metadata.avatar === 'string' ? assistant.metadata.avatar : undefined} pending={avatar} progress={avatarProgress} onChoose={chooseAvatar} />
      <TextField label={localize('com_assistants_name')} value={values.name} maxLength={ASSISTANT_NAME_MAX} onChange={(event) => change({ name: event.target.value })} />
      <TextField label={localize('com_assistants_description')} value={values.description} maxLength={ASSISTANT_DESCRIPTION_MAX} onChange={(event) => change({ description: event.target.value })} />
      <div className="flex flex-col gap-1.5">
        <label htmlFor={instructionsId} className="text-sm font-medium">
          {localize('com_assistants_instructions')}
        </label>
        <textarea id={instructionsId} rows={4} value={values.instructions} maxLength={ASSISTANT_INSTRUCTIONS_MAX} onChange={(event) => change({ instructions: event.target.value })} className={fieldClass} />
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={modelId} className="text-sm font-medium">
          {localize('com_assistants_model')}
        </label>
        <select
          id={modelId}
          value={values.model}
          aria-invalid={modelError || undefined}
          aria-describedby={modelError ? `${modelId}-error` : undefined}
          onChange={(event) => {
            setModelError(false);
            change({ model: event.target.value });
          }}
          className={fieldClass}
        >
          {!values.model && <option value="">—</option>}
          {[...new Set([...models, ...(values.model ? [values.model] : [])])].map((model) => (
            <option key={model} value={model}>
              {model}
            </option>
          ))}
        </select>
        {modelError && (
          <p id={`${modelId}-error`} className="text-xs text-red-600 dark:text-red-400">
            {localize('com_ui_field_required')}
          </p>
        )}
      </div>
      <AssistantCapabilities values={values} capabilities={capabilities} canRetrieve={canRetrieve} onChange={change} />
      {(capabilities.includes('retrieval') || capabilities.includes('code_interpreter')) && <AssistantKnowledge assistant={assistant} />}
      {capabilities.includes('tools') && <AssistantTools value={values.functions} onChange={(functions) => change({ functions })} />}
      <div className="flex items-center justify-between gap-2">
        {assistant ? (
          <Button variant="secondary" className="px-3 py-1.5 text-red-700 dark:text-red-400" onClick={() => setConfirming(true)}>
            {localize('com_assistants_delete')}
          </Button>
        ) : (
          <span />
        )}
        <Button type="submit" className="px-4 py-1.5" disabled={save.isPending}>
          {localize(assistant ? 'com_ui_save' : 'com_assistants_create')}
        </Button>
      </div>
      {assistant && (
        <ConfirmDialog
          open={confirming}
          title={localize('com_assistants_delete')}
          confirmLabel={localize('com_ui_delete')}
          pending={remove.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={() =>
            remove.mutate(
              { id: assistant.id, model: assistant.model },
              {
                onSuccess: () => {
                  setConfirming(false);
                  showToast({ message: localize('com_assistants_delete_success'), severity: 'success' });
                  onDeleted(assistant.id);
                },
                onError: (failure) => showToast({ message: failure.message, severity: 'error' }),
              },
            )
          }
        >
          {localize('com_assistants_delete_confirm')}
        </ConfirmDialog>
      )}
    </form>
  );
}
