import type { MessageFileDto } from '@protocol';
import { useState } from 'react';
import { Dialog } from '../../../components/dialog.js';
import { DownloadIcon } from '../../../components/icons/index.js';
import { useLocalize } from '../../../lib/i18n/index.js';
import { useFileDownload, useFileImageUrl } from '../hooks/use-file-download.js';
import { FileTypeBadge } from './file-type-badge.js';

const isImage = (file: MessageFileDto) => file.type?.startsWith('image/') ?? false;

function MessageImage({ file }: { file: MessageFileDto }) {
  const localize = useLocalize();
  const url = useFileImageUrl(file.file_id);
  const [open, setOpen] = useState(false);
  const name = file.filename ?? localize('com_ui_image');
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={localize('com_ui_open_image', name)}
        className="block overflow-hidden rounded-xl bg-neutral-100 dark:bg-neutral-700"
        style={file.width && file.height ? { aspectRatio: `${file.width} / ${file.height}` } : undefined}
      >
        {url && <img src={url} alt={name} className="max-h-64 max-w-full object-contain" />}
      </button>
      {open && url && (
        <Dialog open onClose={() => setOpen(false)} title={name} size="lg">
          <img src={url} alt={name} className="mx-auto max-h-[75vh] max-w-full object-contain" />
        </Dialog>
      )}
    </>
  );
}

function MessageDocument({ file }: { file: MessageFileDto }) {
  const localize = useLocalize();
  const download = useFileDownload();
  const name = file.filename ?? file.file_id;
  return (
    <div className="flex items-center gap-2 rounded-xl border border-neutral-200 bg-white py-2 ps-2 pe-1 dark:border-neutral-600 dark:bg-neutral-800">
      <FileTypeBadge filename={name} type={file.type ?? ''} />
      <span className="flex max-w-48 min-w-0 flex-col">
        <span className="truncate text-sm font-medium">{name}</span>
        <span className="truncate text-xs text-neutral-500 dark:text-neutral-400">{file.type}</span>
      </span>
      <button
        type="button"
        onClick={() => void download(file.file_id, name)}
        aria-label={localize('com_ui_download_file', name)}
        title={localize('com_ui_download_file', name)}
        className="flex size-8 items-center justify-center rounded-lg text-neutral-600 hover:bg-neutral-100 dark:text-neutral-300 dark:hover:bg-neutral-700"
      >
        <DownloadIcon />
      </button>
    </div>
  );
}

/** A sent message's files: images inline (opened large on click), documents as cards with a download button. */
export function MessageFiles({ files }: { files: readonly MessageFileDto[] }) {
  if (files.length === 0) return null;
  return (
    <div className="mb-2 flex flex-wrap justify-end gap-2">
      {files.map((file) => (isImage(file) ? <MessageImage key={file.file_id} file={file} /> : <MessageDocument key={file.file_id} file={file} />))}
    </div>
  );
}
