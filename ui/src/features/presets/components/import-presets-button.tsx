import { useRef } from 'react';
import { ImportIcon } from '../../../components/icons/index.js';
import { useLocalize } from '../../../lib/i18n/index.js';
import { readFileText } from '../../../lib/read-file-text.js';
import { useToast } from '../../../lib/toast/index.js';
import { useImportPresets } from '../api/preset-mutations.js';
import { parsePresetFile } from '../utils/preset-file.js';

/** Imports a preset file (one preset or a list); anything but valid preset JSON is an error toast. */
export function ImportPresetsButton() {
  const localize = useLocalize();
  const { showToast } = useToast();
  const inputRef = useRef<HTMLInputElement>(null);
  const importPresets = useImportPresets();

  const onFile = async (file: File | undefined) => {
    if (inputRef.current) inputRef.current.value = '';
    if (!file) return;
    const parsed = parsePresetFile(file.name, await readFileText(file).catch(() => ''));
    if (!parsed) {
      showToast({ message: localize('com_endpoint_preset_import_error'), severity: 'error' });
      return;
    }
    importPresets.mutate(parsed, {
      onSuccess: () => showToast({ message: localize('com_endpoint_presets_imported'), severity: 'success' }),
      onError: (error) => showToast({ message: `${localize('com_endpoint_preset_import_error')} ${error.message}`, severity: 'error' }),
    });
  };

  return (
    <>
      <input
        ref={inputRef}
        type="file"
        accept=".json,application/json"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="preset-import-file"
        onChange={(event) => void onFile(event.target.files?.[0])}
      />
      <button
        type="button"
        onClick={() => inputRef.current?.click()}
        disabled={importPresets.isPending}
        aria-label={localize('com_endpoint_import_presets')}
        title={localize('com_endpoint_import_presets')}
        className="flex shrink-0 items-center gap-1.5 rounded-lg border border-neutral-300 px-2.5 py-1.5 text-xs font-medium text-neutral-700 hover:bg-neutral-50 disabled:opacity-50 dark:border-neutral-600 dark:text-neutral-200 dark:hover:bg-neutral-700"
      >
        <ImportIcon size={14} strokeWidth={2} />
        {localize('com_endpoint_import')}
      </button>
    </>
  );
}
