import { classNames } from '../../../components/class-names.js';

/** A square naming the file's kind (PDF, DOCX, CSV …) from its MIME type. */
export function FileTypeBadge({ type, className }: { type: string; className?: string }) {
  const subtype = type.split('/')[1] ?? '';
  const label = (subtype.split(/[.+-]/).pop() ?? '').replace('document', 'docx').slice(0, 4).toUpperCase() || 'FILE';
  return (
    <span
      aria-hidden="true"
      className={classNames('flex size-10 shrink-0 items-center justify-center rounded-lg bg-sky-600 text-[10px] font-bold text-white', className)}
    >
      {label}
    </span>
  );
}
