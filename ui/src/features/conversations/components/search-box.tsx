import { useId } from 'react';
import { classNames } from '../../../components/class-names.js';
import { CloseIcon, SearchIcon } from '../../../components/icons/index.js';
import { useLocalize } from '../../../lib/i18n/index.js';

export interface SearchBoxProps {
  value: string;
  onChange: (value: string) => void;
  /** Empties the box and leaves the results at once, without waiting for the debounce. */
  onClear: () => void;
}

export function SearchBox({ value, onChange, onClear }: SearchBoxProps) {
  const localize = useLocalize();
  const id = useId();
  return (
    <div role="search" className="relative px-2 pb-1">
      <label htmlFor={id} className="sr-only">
        {localize('com_ui_search')}
      </label>
      <span className="pointer-events-none absolute inset-y-0 start-5 flex items-center text-neutral-400">
        <SearchIcon />
      </span>
      <input
        id={id}
        type="text"
        value={value}
        placeholder={localize('com_ui_search')}
        autoComplete="off"
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          // Spec 000 §4: Backspace on an empty box clears the search.
          if ((event.key === 'Backspace' && value === '') || event.key === 'Escape') {
            if (event.key === 'Escape' && value === '') return;
            event.stopPropagation();
            onClear();
          }
        }}
        // The clear button's room is kept only while it shows: the placeholder (long in German or
        // French) gets the whole width, and an ellipsis rather than a cut if it still does not fit.
        className={classNames(
          'w-full text-ellipsis rounded-lg border border-transparent bg-neutral-200/60 py-2 ps-9 text-sm text-neutral-900 placeholder:text-neutral-500 focus:border-neutral-300 focus:bg-white focus:outline-none dark:bg-neutral-800 dark:text-neutral-100 dark:placeholder:text-neutral-400 dark:focus:border-neutral-600 dark:focus:bg-neutral-900',
          value ? 'pe-8' : 'pe-3',
        )}
      />
      {value && (
        <button
          type="button"
          onClick={onClear}
          aria-label={localize('com_ui_clear_search')}
          className="absolute inset-y-0 end-3.5 my-auto flex size-6 items-center justify-center rounded-md text-neutral-500 hover:bg-neutral-300/60 hover:text-neutral-900 dark:hover:bg-neutral-700 dark:hover:text-white"
        >
          <CloseIcon size={16} strokeWidth={1.9} />
        </button>
      )}
    </div>
  );
}
