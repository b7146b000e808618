import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/button.js';
import { Dialog } from '../../../components/dialog.js';
import { TextField } from '../../../components/text-field.js';
import { setupToPreset, type ChatSetup } from '../../../lib/chat-setup/index.js';
import { useLocalize } from '../../../lib/i18n/index.js';
import { useToast } from '../../../lib/toast/index.js';
import { useCreatePreset } from '../api/create-preset.js';

/** "Save as preset": asks for a title (default 'My Preset') and posts the current setup. */
export function SavePresetDialog({ open, setup, onClose }: { open: boolean; setup: ChatSetup; onClose: () => void }) {
  const localize = useLocalize();
  const { showToast } = useToast();
  const formId = useId();
  const [title, setTitle] = useState(() => localize('com_endpoint_preset_default_title'));
  const create = useCreatePreset();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const name = title.trim() || localize('com_endpoint_preset_default_title');
    create.mutate(setupToPreset(setup, name), {
      onSuccess: () => {
        showToast({ message: localize('com_endpoint_preset_saved', name), severity: 'success' });
        onClose();
      },
      onError: (error) => showToast({ message: `${localize('com_endpoint_preset_save_error')} ${error.message}`, severity: 'error' }),
    });
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={localize('com_endpoint_save_as_preset')}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {localize('com_ui_cancel')}
          </Button>
          <Button type="submit" form={formId} disabled={create.isPending}>
            {localize('com_ui_save')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} className="pb-1">
        <TextField label={localize('com_endpoint_preset_title')} value={title} maxLength={200} onChange={(event) => setTitle(event.target.value)} onFocus={(event) => event.target.select()} />
      </form>
    </Dialog>
  );
}
