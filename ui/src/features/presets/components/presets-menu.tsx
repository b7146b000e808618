import type { PresetDto } from '@protocol';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.js';
import { BookmarkIcon } from '../../../components/icons/index.js';
import { Popover } from '../../../components/popover.js';
import { Spinner } from '../../../components/spinner.js';
import { useLocalize } from '../../../lib/i18n/index.js';
import { useInterfaceSettings } from '../../../lib/startup-config/use-interface-settings.js';
import { useToast } from '../../../lib/toast/index.js';
import { usePresetsQuery } from '../api/get-presets.js';
import { useDeletePresets } from '../api/preset-mutations.js';
import { useApplyPreset } from '../hooks/use-apply-preset.js';
import { useDefaultPreset } from '../hooks/use-default-preset.js';
import { EditPresetDialog, type PresetSettingsForm } from './edit-preset-dialog.js';
import { ImportPresetsButton } from './import-presets-button.js';
import { PresetRow } from './preset-row.js';

export interface PresetsMenuProps {
  /** The per-endpoint options of the edit dialog: pass EndpointSettingsForm from features/parameters. */
  SettingsForm: PresetSettingsForm;
  className?: string;
}

/**
 * The header's presets menu: choose a preset ('Active!'), set or unset the default, edit, delete,
 * import a JSON file and clear all. Also applies the default preset to new conversations, even
 * when `interface.presets` hides the menu.
 */
export function PresetsMenu({ SettingsForm, className }: PresetsMenuProps) {
  const localize = useLocalize();
  const { showToast } = useToast();
  const presets = usePresetsQuery();
  const defaultPreset = useDefaultPreset();
  const applyPreset = useApplyPreset();
  const deletePresets = useDeletePresets();
  const [editing, setEditing] = useState<PresetDto | null>(null);
  const [confirmClear, setConfirmClear] = useState(false);
  const list = presets.data ?? [];
  const { presets: presetsShown } = useInterfaceSettings();

  const clearAll = () =>
    deletePresets.mutate(
      { all: true },
      {
        onSuccess: () => setConfirmClear(false),
        onError: (error) => showToast({ message: `${localize('com_endpoint_preset_delete_error')} ${error.message}`, severity: 'error' }),
      },
    );

  // librechat.yaml `interface.presets: false` hides the menu; the default preset above still applies.
  if (!presetsShown) return null;

  return (
    <Popover
      label={localize('com_endpoint_presets')}
      trigger={<BookmarkIcon />}
      triggerClassName="flex size-9 items-center justify-center"
      initialFocus="[data-preset-select], button"
      panelClassName="max-h-[min(495px,calc(100dvh-8rem))] sm:max-h-[min(495px,calc(100dvh-5rem))] sm:w-[24rem]"
      subtitle={defaultPreset ? localize('com_endpoint_presets_default', defaultPreset.title) : localize('com_endpoint_presets_default_none')}
      headerAction={<ImportPresetsButton />}
      extras={
        <>
          {editing && <EditPresetDialog preset={editing} SettingsForm={SettingsForm} onClose={() => setEditing(null)} />}
          <ConfirmDialog
            open={confirmClear}
            title={localize('com_endpoint_clear_presets')}
            confirmLabel={localize('com_endpoint_clear_all')}
            onConfirm={clearAll}
            onCancel={() => setConfirmClear(false)}
            pending={deletePresets.isPending}
          >
            {localize('com_endpoint_clear_presets_warning')}
          </ConfirmDialog>
        </>
      }
      className={className}
    >
      {({ dismiss }) => (
        <>
          <div className="min-h-0 flex-1 overflow-y-auto p-1.5">
            {presets.isPending && (
              <div className="flex justify-center py-6">
                <Spinner />
              </div>
            )}
            {presets.isSuccess && list.length === 0 && <p className="px-3 py-6 text-center text-sm text-neutral-500 dark:text-neutral-400">{localize('com_endpoint_no_presets')}</p>}
            <ul aria-label={localize('com_endpoint_presets_menu')} className="flex flex-col gap-px">
              {list.map((preset) => (
                <PresetRow
                  key={preset.presetId}
                  preset={preset}
                  onSelect={() => {
                    applyPreset(preset);
                    dismiss();
                  }}
                  onEdit={() => setEditing(preset)}
                />
              ))}
            </ul>
          </div>
          {list.length > 0 && (
            <div className="border-t border-neutral-200 px-2 py-2 dark:border-neutral-700">
              <button
                type="button"
                onClick={() => setConfirmClear(true)}
                className="w-full rounded-lg px-3 py-2 text-start text-sm font-medium text-red-600 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950/40"
              >
                {localize('com_endpoint_clear_all')}
              </button>
            </div>
          )}
        </>
      )}
    </Popover>
  );
}
