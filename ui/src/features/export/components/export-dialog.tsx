import {
  defaultExportFileName,
  exportConversation,
  exportedFileName,
  exportSupport,
  exportTypes,
  sanitizeFileName,
  settingsForType,
  type ConversationDto,
  type ExportSettings,
  type ExportType,
  type MessageDto,
} from '@protocol';
import { useId, useState } from 'react';
import { Button } from '../../../components/button.js';
import { Dialog } from '../../../components/dialog.js';
import { TextField } from '../../../components/text-field.js';
import { useLocalize } from '../../../lib/i18n/index.js';
import { saveBlob } from '../../../lib/save-blob.js';
import { useShownConversationRegistry } from '../../../lib/shown-conversation/index.js';
import { useTheme } from '../../../lib/theme/index.js';
import { useToast } from '../../../lib/toast/index.js';
import type { TranslationKey } from '../../../locales/index.js';
import { captureScreenshot } from '../utils/capture-screenshot.js';

const typeLabels = {
  screenshot: 'com_ui_export_type_screenshot',
  text: 'com_ui_export_type_text',
  markdown: 'com_ui_export_type_markdown',
  json: 'com_ui_export_type_json',
  csv: 'com_ui_export_type_csv',
} as const satisfies Record<ExportType, TranslationKey>;

const isExportType = (value: string): value is ExportType => exportTypes.some((type) => type === value);

export interface ExportDialogProps {
  onClose: () => void;
  conversation: ConversationDto | undefined;
  /** Every stored message of the conversation (all branches). */
  messages: readonly MessageDto[] | undefined;
}

/** Spec 001 §2/§3: file name, type and the options the type offers; Export downloads the file. */
export function ExportDialog({ onClose, conversation, messages }: ExportDialogProps) {
  const localize = useLocalize();
  const { resolvedTheme } = useTheme();
  const { showToast } = useToast();
  const registry = useShownConversationRegistry();
  const typeId = useId();
  const [fileName, setFileName] = useState(() => defaultExportFileName(conversation?.title));
  const [type, setType] = useState<ExportType>('screenshot');
  const [settings, setSettings] = useState<ExportSettings>({ includeOptions: true, branches: false, recursive: true });
  const [busy, setBusy] = useState(false);
  const support = exportSupport(type);
  const ready = Boolean(conversation && messages);

  const run = async () => {
    if (!conversation || !messages) return;
    const shown = registry?.current?.conversationId === conversation.conversationId ? registry.current : null;
    if (type === 'screenshot') {
      if (!shown) throw new Error('The conversation is not on screen');
      const png = await shown.renderWhole((element) => captureScreenshot(element, resolvedTheme));
      saveBlob(png, exportedFileName(fileName, 'screenshot'));
      return;
    }
    const file = exportConversation({
      type,
      fileName,
      conversation,
      messages,
      settings,
      shownIds: shown?.shownIds,
      exportAt: new Date().toTimeString(),
    });
    saveBlob(new Blob([file.content], { type: file.mimeType }), file.fileName);
  };

  const onExport = () => {
    setBusy(true);
    run()
      .then(onClose)
      .catch(() => showToast({ message: localize('com_ui_export_failed'), severity: 'error' }))
      .finally(() => setBusy(false));
  };

  const option = (key: keyof ExportSettings, label: TranslationKey) => (
    <label className={`flex items-center gap-2 text-sm ${support[key] ? '' : 'opacity-50'}`}>
      <input
        type="checkbox"
        className="size-4"
        disabled={!support[key]}
        checked={support[key] && settings[key]}
        onChange={(event) => setSettings({ ...settings, [key]: event.target.checked })}
      />
      {localize(label)}
    </label>
  );

  return (
    <Dialog
      open
      onClose={onClose}
      title={localize('com_nav_export_conversation')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {localize('com_ui_cancel')}
          </Button>
          <Button onClick={onExport} disabled={!ready || busy || fileName === ''}>
            {localize('com_ui_export')}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <TextField
          label={localize('com_ui_export_filename')}
          value={fileName}
          hint={exportedFileName(fileName, type)}
          onChange={(event) => setFileName(sanitizeFileName(event.target.value))}
          data-autofocus
        />
        <div className="flex flex-col gap-1.5">
          <label htmlFor={typeId} className="text-sm font-medium text-neutral-800 dark:text-neutral-200">
            {localize('com_ui_export_type')}
          </label>
          <select
            id={typeId}
            value={type}
            onChange={(event) => {
              const next = event.target.value;
              if (!isExportType(next)) return;
              setType(next);
              setSettings(settingsForType(next, settings));
            }}
            className="rounded-lg border border-neutral-300 bg-white px-3 py-2 text-sm dark:border-neutral-600 dark:bg-neutral-800"
          >
            {exportTypes.map((value) => (
              <option key={value} value={value}>
                {localize(typeLabels[value])}
              </option>
            ))}
          </select>
        </div>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-neutral-800 dark:text-neutral-200">{localize('com_ui_export_options')}</legend>
          {option('includeOptions', 'com_ui_export_include_options')}
          {option('branches', 'com_ui_export_all_branches')}
          {option('recursive', 'com_ui_export_recursive')}
        </fieldset>
      </div>
    </Dialog>
  );
}
