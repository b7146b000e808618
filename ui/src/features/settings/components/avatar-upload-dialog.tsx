import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { Button } from '../../../components/button.js';
import { Dialog } from '../../../components/dialog.js';
import { useLocalize } from '../../../lib/i18n/index.js';
import { useToast } from '../../../lib/toast/index.js';
import { useUploadAvatar } from '../api/upload-avatar.js';
import { AVATAR_TYPES, formatMegabytes, isValidAvatar } from '../avatar-validation.js';

interface AvatarUploadDialogProps {
  open: boolean;
  onClose: () => void;
  /** Bytes, from the startup config. */
  sizeLimit: number;
}

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'));
    reader.readAsDataURL(file);
  });
}

/** Spec 001 §2/§4/§5: choose a file, see it, upload it; success closes, failure clears the preview. */
export function AvatarUploadDialog({ open, onClose, sizeLimit }: AvatarUploadDialogProps) {
  const localize = useLocalize();
  const { showToast } = useToast();
  const upload = useUploadAvatar();
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const limit = formatMegabytes(sizeLimit);
  const { reset } = upload;

  useEffect(() => {
    if (open) return;
    setFile(null);
    setPreview(null);
    reset();
  }, [open, reset]);

  const onChoose = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    // The same file may be chosen again after a failure.
    event.target.value = '';
    if (!chosen) return;
    if (!isValidAvatar(chosen, sizeLimit)) {
      setFile(null);
      setPreview(null);
      showToast({ message: localize('com_ui_upload_invalid', limit), severity: 'error' });
      return;
    }
    setFile(chosen);
    setPreview(await readAsDataUrl(chosen).catch(() => null));
  };

  const onUpload = () => {
    if (!file) return;
    upload.mutate(file, {
      onSuccess: () => {
        showToast({ message: localize('com_ui_upload_success') });
        onClose();
      },
      onError: () => {
        setFile(null);
        setPreview(null);
        showToast({ message: localize('com_ui_upload_error'), severity: 'error' });
      },
    });
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={localize('com_nav_avatar_dialog_title')}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {localize('com_ui_cancel')}
          </Button>
          <Button onClick={onUpload} disabled={!file || upload.isPending}>
            {upload.isPending ? localize('com_ui_uploading') : localize('com_ui_upload')}
          </Button>
        </>
      }
    >
      <div className="flex flex-col items-center gap-4 py-2">
        {preview ? (
          <img src={preview} alt={localize('com_nav_avatar_preview')} className="size-28 rounded-full object-cover shadow" />
        ) : (
          <div aria-hidden="true" className="size-28 rounded-full border-2 border-dashed border-neutral-300 dark:border-neutral-600" />
        )}
        <input
          ref={inputRef}
          type="file"
          accept={AVATAR_TYPES.join(',')}
          hidden
          aria-label={localize('com_nav_choose_file')}
          onChange={(event) => void onChoose(event)}
        />
        <Button variant="secondary" data-autofocus aria-describedby={hintId} onClick={() => inputRef.current?.click()}>
          {localize('com_nav_choose_file')}
        </Button>
        <p id={hintId} className="text-xs text-neutral-500 dark:text-neutral-400">
          {file ? file.name : localize('com_nav_avatar_hint', limit)}
        </p>
      </div>
    </Dialog>
  );
}
