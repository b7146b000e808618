import type { SharedMessageDto } from '@protocol';
import { classNames } from '../../../components/class-names.js';
import { PaperclipIcon } from '../../../components/icons/index.js';
import { useLocalize } from '../../../lib/i18n/index.js';
import { Markdown } from '../../../lib/markdown/index.js';
import { SharedImage } from './shared-image.js';

/**
 * One message of a shared conversation, read-only: the chat's layout and markdown (code blocks,
 * tables), without toolbar, editing or avatars from the owner's endpoints. Images come through
 * the share; other files are not shared: a note says how many there were.
 */
export function SharedMessage({ shareId, message }: { shareId: string; message: SharedMessageDto }) {
  const localize = useLocalize();
  const attachments = (
    <>
      {message.images.length > 0 && (
        <div className={classNames('mb-2 flex flex-wrap gap-2', message.isCreatedByUser && 'justify-end')}>
          {message.images.map((image) => (
            <SharedImage key={image.imageId} shareId={shareId} image={image} />
          ))}
        </div>
      )}
      {message.attachmentCount > 0 && (
        <p className="mb-1 flex items-center gap-1.5 text-xs text-neutral-500 dark:text-neutral-400">
          <PaperclipIcon size={16} />
          {localize('com_ui_shared_attachments', String(message.attachmentCount))}
        </p>
      )}
    </>
  );

  if (message.isCreatedByUser) {
    return (
      <article className="mx-auto w-full max-w-3xl px-4 pt-3 pb-1 md:px-6" aria-label={message.sender}>
        <div className="flex flex-col items-end">
          {attachments}
          <div className="max-w-[85%] rounded-3xl bg-neutral-100 px-5 py-2.5 leading-relaxed break-words whitespace-pre-wrap text-neutral-900 dark:bg-neutral-700/70 dark:text-neutral-50">
            {message.text}
          </div>
        </div>
      </article>
    );
  }

  return (
    <article className="mx-auto w-full max-w-3xl px-4 pt-3 pb-2 md:px-6" aria-label={message.sender}>
      <div className="mb-1 text-sm font-semibold text-neutral-900 dark:text-neutral-100">
        {message.sender}
        {message.model && <span className="ms-2 text-xs font-normal text-neutral-500 dark:text-neutral-400">{message.model}</span>}
      </div>
      {attachments}
      {message.error ? (
        <p className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-800 dark:bg-red-950/40 dark:text-red-200">
          {localize('com_ui_shared_error_message')}
        </p>
      ) : (
        <div className="text-[15px] text-neutral-800 dark:text-neutral-100">
          <Markdown text={message.text} />
        </div>
      )}
    </article>
  );
}
