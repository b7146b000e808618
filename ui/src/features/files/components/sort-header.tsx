import { ChevronDownIcon } from '../../../components/icons/index.js';
import { classNames } from '../../../components/class-names.js';
import type { FileSort } from '../utils/sort-files.js';

/** A column header that sorts by its column; aria-sort tells which way. */
export function SortHeader({ column, label, sort, onSort }: { column: FileSort['column']; label: string; sort: FileSort; onSort(column: FileSort['column']): void }) {
  const active = sort.column === column;
  return (
    <th scope="col" className="px-2 py-1 text-start font-medium" aria-sort={active ? (sort.descending ? 'descending' : 'ascending') : 'none'}>
      <button type="button" onClick={() => onSort(column)} className="inline-flex items-center gap-1 rounded hover:underline">
        {label}
        <ChevronDownIcon size={14} className={classNames(!active && 'opacity-0', active && !sort.descending && 'rotate-180')} />
      </button>
    </th>
  );
}
