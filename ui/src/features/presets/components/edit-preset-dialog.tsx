import type { PresetDto } from '@protocol';
import { useId, useState, type ComponentType, type FormEvent } from 'react';
import { Button } from '../../../components/button.js';
import { Dialog } from '../../../components/dialog.js';
import { DownloadIcon } from '../../../components/icons/index.js';
import { TextField } from '../../../components/text-field.js';
import { defaultModelFor, fitSetupTo, setupToPreset, type ChatSetup } from '../../../lib/chat-setup/index.js';
import { endpointKind, endpointLabel, endpointTypeOf, sortedEndpoints, useEndpointsQuery, useModelsQuery } from '../../../lib/endpoints/index.js';
import { useLocalize } from '../../../lib/i18n/index.js';
import { useToast } from '../../../lib/toast/index.js';
import { useSavePreset } from '../api/preset-mutations.js';
import { setupFromPreset } from '../hooks/use-apply-preset.js';
import { downloadPreset } from '../utils/preset-file.js';

/** The per-endpoint options form; the app passes the parameters feature's EndpointSettingsForm. */
export interface PresetSettingsFormProps {
  value: ChatSetup;
  onChange: (patch: Partial<ChatSetup>) => void;
  layout?: 'stack' | 'columns';
}

export type PresetSettingsForm = ComponentType<PresetSettingsFormProps>;

interface EditPresetDialogProps {
  preset: PresetDto;
  SettingsForm: PresetSettingsForm;
  onClose: () => void;
}

/** Spec 000 §2 edit dialog: name, endpoint, the endpoint's options, export and save. */
export function EditPresetDialog({ preset, SettingsForm, onClose }: EditPresetDialogProps) {
  const localize = useLocalize();
  const { showToast } = useToast();
  const formId = useId();
  const endpointId = useId();
  const { data: endpointsConfig } = useEndpointsQuery();
  const { data: models } = useModelsQuery();
  const [title, setTitle] = useState(preset.title);
  const [draft, setDraft] = useState<ChatSetup>(() => setupFromPreset(preset, endpointsConfig));
  const save = useSavePreset();
  const endpoints = sortedEndpoints(endpointsConfig);
  // A preset may name an endpoint this server no longer offers; keep it selectable as it is.
  if (draft.endpoint && !endpoints.includes(draft.endpoint)) endpoints.push(draft.endpoint);

  const onEndpointChange = (endpoint: string) => {
    const model = defaultModelFor(endpoint, models?.[endpoint]) ?? null;
    const kind = endpointKind(endpoint, endpointsConfig);
    setDraft((current) =>
      fitSetupTo({ ...current, endpoint, endpointType: endpointTypeOf(endpoint, endpointsConfig), model }, kind, model, { kind: endpointKind(current.endpoint, endpointsConfig), model: current.model }),
    );
  };

  const currentPreset = () => ({ ...setupToPreset(draft, title.trim() || preset.title), presetId: preset.presetId });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = { ...currentPreset(), defaultPreset: preset.defaultPreset };
    save.mutate(body, {
      onSuccess: (saved) => {
        showToast({ message: localize('com_endpoint_preset_saved', saved.title), severity: 'success' });
        onClose();
      },
      onError: (error) => showToast({ message: `${localize('com_endpoint_preset_save_error')} ${error.message}`, severity: 'error' }),
    });
  };

  return (
    <Dialog
      open
      onClose={onClose}
      size="lg"
      title={localize('com_endpoint_edit_preset_title')}
      className="md:max-w-3xl"
      footer={
        <>
          <Button variant="ghost" className="me-auto" onClick={() => downloadPreset(currentPreset())}>
            <DownloadIcon />
            {localize('com_endpoint_export')}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            {localize('com_ui_cancel')}
          </Button>
          <Button type="submit" form={formId} disabled={save.isPending}>
            {localize('com_ui_save')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} className="flex flex-col gap-5 pb-2">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={localize('com_endpoint_preset_name')} value={title} maxLength={200} required onChange={(event) => setTitle(event.target.value)} />
          <div className="flex flex-col gap-1.5">
            <label htmlFor={endpointId} className="text-sm font-medium text-neutral-800 dark:text-neutral-200">
              {localize('com_endpoint_preset_endpoint')}
            </label>
            <select
              id={endpointId}
              value={draft.endpoint ?? ''}
              onChange={(event) => onEndpointChange(event.target.value)}
              className="w-full rounded-lg border border-neutral-300 bg-white px-3 py-2.5 text-sm dark:border-neutral-600 dark:bg-neutral-900"
            >
              {endpoints.map((name) => (
                <option key={name} value={name}>
                  {endpointLabel(name)}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className="h-px bg-neutral-200 dark:bg-neutral-700" />
        <SettingsForm value={draft} onChange={(patch) => setDraft((current) => ({ ...current, ...patch }))} layout="columns" />
      </form>
    </Dialog>
  );
}
