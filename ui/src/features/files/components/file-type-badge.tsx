import { classNames } from '../../../components/class-names.js';

/** The kind of a file in a few letters: its extension (PDF, DOCX, TXT), else its MIME subtype. */
function kindLabel(filename: string, type: string): string {
  const extension = filename.includes('.') ? filename.split('.').pop()! : '';
  const label = extension || (type.split('/')[1] ?? '').split(/[.+-]/).pop() || 'file';
  return label.slice(0, 4).toUpperCase();
}

/** A square naming the file's kind, beside its name on document cards. */
export function FileTypeBadge({ filename, type, className }: { filename: string; type: string; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={classNames('flex size-10 shrink-0 items-center justify-center rounded-lg bg-sky-600 text-[10px] font-bold text-white', className)}
    >
      {kindLabel(filename, type)}
    </span>
  );
}
