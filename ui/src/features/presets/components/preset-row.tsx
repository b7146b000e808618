import type { PresetDto } from '@protocol';
import { useState } from 'react';
import { classNames } from '../../../components/class-names.js';
import { ConfirmDialog } from '../../../components/confirm-dialog.js';
import { PencilIcon, StarIcon, TrashIcon } from '../../../components/icons/index.js';
import { EndpointIcon, endpointLabel, useEndpointsQuery } from '../../../lib/endpoints/index.js';
import { useLocalize } from '../../../lib/i18n/index.js';
import { useToast } from '../../../lib/toast/index.js';
import { useDeletePresets, useSetDefaultPreset } from '../api/preset-mutations.js';

const actionClass =
  'rounded-md p-1.5 text-neutral-400 hover:bg-neutral-200 hover:text-neutral-900 dark:hover:bg-neutral-700 dark:hover:text-white disabled:opacity-50';

/** One preset: choosing it activates it; the star sets or unsets the default; edit; delete (confirmed). */
export function PresetRow({ preset, onSelect, onEdit }: { preset: PresetDto; onSelect: () => void; onEdit: () => void }) {
  const localize = useLocalize();
  const { showToast } = useToast();
  const { data: endpointsConfig } = useEndpointsQuery();
  const setDefault = useSetDefaultPreset();
  const remove = useDeletePresets();
  const [confirming, setConfirming] = useState(false);
  const isDefault = preset.defaultPreset;
  const failed = (key: 'com_endpoint_preset_default_error' | 'com_endpoint_preset_delete_error') => (error: Error) =>
    showToast({ message: `${localize(key)} ${error.message}`, severity: 'error' });

  return (
    <li className="group flex items-center gap-1 rounded-lg hover:bg-neutral-100 dark:hover:bg-neutral-700/50">
      <button type="button" data-preset-select="" onClick={onSelect} className="flex min-w-0 flex-1 items-center gap-3 rounded-lg px-2.5 py-2 text-start">
        <EndpointIcon endpoint={preset.endpoint} endpointsConfig={endpointsConfig} />
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm font-medium text-neutral-900 dark:text-neutral-100">{preset.title}</span>
          <span className="block truncate text-xs text-neutral-500 dark:text-neutral-400">{[preset.endpoint && endpointLabel(preset.endpoint), preset.model].filter(Boolean).join(' · ')}</span>
        </span>
        {isDefault && (
          <span className="shrink-0 rounded-full bg-amber-100 px-2 py-0.5 text-[11px] font-medium text-amber-800 dark:bg-amber-500/20 dark:text-amber-300">
            {localize('com_endpoint_default_badge')}
          </span>
        )}
      </button>
      <div className="flex shrink-0 items-center pe-1">
        <button
          type="button"
          aria-pressed={isDefault}
          aria-label={localize(isDefault ? 'com_endpoint_unset_default_label' : 'com_endpoint_set_default_label', preset.title)}
          title={localize(isDefault ? 'com_endpoint_unset_default' : 'com_endpoint_set_default')}
          disabled={setDefault.isPending}
          onClick={() => setDefault.mutate(isDefault ? null : preset.presetId, { onError: failed('com_endpoint_preset_default_error') })}
          className={classNames(actionClass, isDefault && 'text-amber-500 dark:text-amber-400')}
        >
          <StarIcon filled={isDefault} />
        </button>
        <button type="button" aria-label={localize('com_endpoint_edit_preset', preset.title)} title={localize('com_ui_edit')} onClick={onEdit} className={actionClass}>
          <PencilIcon />
        </button>
        <button
          type="button"
          aria-label={localize('com_endpoint_delete_preset', preset.title)}
          title={localize('com_ui_delete')}
          disabled={remove.isPending}
          onClick={() => setConfirming(true)}
          className={classNames(actionClass, 'hover:text-red-600 dark:hover:text-red-400')}
        >
          <TrashIcon />
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={localize('com_endpoint_delete_preset_confirm')}
        confirmLabel={localize('com_ui_delete')}
        pending={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate({ presetId: preset.presetId }, { onSuccess: () => setConfirming(false), onError: failed('com_endpoint_preset_delete_error') })
        }
      >
        {localize('com_endpoint_delete_preset_warning', preset.title)}
      </ConfirmDialog>
    </li>
  );
}
