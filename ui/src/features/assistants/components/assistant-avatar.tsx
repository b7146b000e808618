import { useEffect, useRef, useState } from 'react';
import { AssistantIcon } from '../../../components/icons/index.js';
import { useLocalize } from '../../../lib/i18n/index.js';

/** Spec 001 §5: the assistant avatar's image types. */
export const ASSISTANT_AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

interface AssistantAvatarProps {
  /** The stored avatar's link. */
  url?: string;
  /** A chosen image not uploaded yet (deferred until the assistant exists). */
  pending: File | null;
  /** 0 idle, 0.4 while uploading, 1 done (spec 001 §4). */
  progress: number;
  onChoose: (file: File) => void;
}

/** The builder's avatar: a round preview that opens the file chooser. */
export function AssistantAvatar({ url, pending, progress, onChoose }: AssistantAvatarProps) {
  const localize = useLocalize();
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!pending) return setPreview(null);
    const link = URL.createObjectURL(pending);
    setPreview(link);
    return () => URL.revokeObjectURL(link);
  }, [pending]);
  const shown = preview ?? url;
  const uploading = progress > 0 && progress < 1;

  return (
    <div className="flex flex-col items-center gap-1">
      <button
        type="button"
        onClick={() => input.current?.click()}
        aria-label={localize('com_assistants_avatar_choose')}
        className="relative flex size-20 items-center justify-center overflow-hidden rounded-full bg-neutral-200 text-neutral-500 dark:bg-neutral-700"
      >
        {shown ? <img src={shown} alt={localize('com_assistants_avatar')} className="size-full object-cover" /> : <AssistantIcon />}
        {uploading && (
          <span role="progressbar" aria-valuenow={Math.round(progress * 100)} aria-label={localize('com_assistants_avatar_uploading')} className="absolute inset-0 bg-black/40" />
        )}
      </button>
      <input
        ref={input}
        type="file"
        hidden
        accept={ASSISTANT_AVATAR_TYPES.join(',')}
        data-testid="assistant-avatar-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onChoose(file);
        }}
      />
    </div>
  );
}
