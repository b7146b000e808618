import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { classNames } from '../../../components/class-names.js';
import { CheckIcon, SelectChevronIcon } from '../../../components/icons/index.js';
import { useLocalize } from '../../../lib/i18n/index.js';
import { filterModels, showsModelFilter } from '../utils/filter-models.js';

export interface ModelSelectProps {
  value: string | null | undefined;
  options: readonly string[];
  onChange: (model: string) => void;
  label?: string;
  disabled?: boolean;
}

/**
 * A select-only combobox for the model: a listbox that opens under the button, with a filter box
 * above it when there are more than 10 models. Arrows move, Enter picks, Escape closes.
 */
export function ModelSelect({ value, options, onChange, label, disabled }: ModelSelectProps) {
  const localize = useLocalize();
  const id = useId();
  const labelId = `${id}-label`;
  const listId = `${id}-list`;
  const buttonRef = useRef<HTMLButtonElement>(null);
  const filterRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const withFilter = showsModelFilter(options);
  const visible = filterModels(options, withFilter ? query : '');

  useEffect(() => {
    if (!open) return;
    const selected = Math.max(0, visible.indexOf(value ?? ''));
    setActive(selected);
    (withFilter ? filterRef.current : listRef.current)?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
    // Opening is what resets the active option; typing in the filter must not.
  }, [open]);

  useEffect(() => {
    listRef.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView?.({ block: 'nearest' });
  }, [active]);

  const close = () => {
    setOpen(false);
    setQuery('');
    buttonRef.current?.focus();
  };

  const pick = (model: string | undefined) => {
    if (model === undefined) return;
    onChange(model);
    close();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const last = visible.length - 1;
    const moves: Record<string, () => number> = {
      ArrowDown: () => Math.min(last, active + 1),
      ArrowUp: () => Math.max(0, active - 1),
      Home: () => 0,
      End: () => last,
    };
    if (moves[event.key]) {
      event.preventDefault();
      setActive(moves[event.key]!());
    } else if (event.key === 'Enter') {
      event.preventDefault();
      pick(visible[active]);
    } else if (event.key === 'Escape') {
      // Only the list closes; the popover around it stays open.
      event.preventDefault();
      event.stopPropagation();
      close();
    } else if (event.key === 'Tab') {
      setOpen(false);
      setQuery('');
    }
  };

  const activeId = visible[active] !== undefined ? `${id}-option-${active}` : undefined;

  return (
    <div ref={rootRef} className="relative flex flex-col gap-1.5">
      <span id={labelId} className="text-sm font-medium text-neutral-800 dark:text-neutral-200">
        {label ?? localize('com_endpoint_model')}
      </span>
      <button
        ref={buttonRef}
        type="button"
        role="combobox"
        aria-labelledby={labelId}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        disabled={disabled}
        onClick={() => setOpen((current) => !current)}
        onKeyDown={(event) => {
          if (!open && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
            event.preventDefault();
            setOpen(true);
          }
        }}
        className="flex w-full items-center justify-between gap-2 rounded-lg border border-neutral-300 bg-white px-3 py-2 text-start text-sm dark:border-neutral-600 dark:bg-neutral-900 disabled:opacity-60"
      >
        <span className={classNames('truncate', !value && 'text-neutral-400')}>{value || localize('com_endpoint_no_model_selected')}</span>
        <SelectChevronIcon className="shrink-0 text-neutral-400" />
      </button>
      {open && (
        <div className="absolute top-full right-0 left-0 z-20 mt-1 overflow-hidden rounded-lg border border-neutral-200 bg-white shadow-lg dark:border-neutral-700 dark:bg-neutral-800">
          {withFilter && (
            <div className="border-b border-neutral-200 p-1.5 dark:border-neutral-700">
              <input
                ref={filterRef}
                type="search"
                value={query}
                onChange={(event) => {
                  setQuery(event.target.value);
                  setActive(0);
                }}
                onKeyDown={onKeyDown}
                aria-label={localize('com_endpoint_model_filter')}
                aria-controls={listId}
                aria-activedescendant={activeId}
                placeholder={localize('com_endpoint_model_filter')}
                className="w-full rounded-md bg-neutral-100 px-2.5 py-1.5 text-sm outline-none placeholder:text-neutral-400 dark:bg-neutral-900 [&::-webkit-search-cancel-button]:hidden"
              />
            </div>
          )}
          <ul
            ref={listRef}
            id={listId}
            role="listbox"
            aria-labelledby={labelId}
            aria-activedescendant={withFilter ? undefined : activeId}
            tabIndex={withFilter ? -1 : 0}
            onKeyDown={onKeyDown}
            className="max-h-60 overflow-y-auto p-1 outline-none"
          >
            {visible.length === 0 && <li className="px-2.5 py-2 text-sm text-neutral-500">{localize('com_endpoint_no_models')}</li>}
            {visible.map((model, index) => (
              <li
                key={model}
                id={`${id}-option-${index}`}
                data-index={index}
                role="option"
                aria-selected={model === value}
                onPointerMove={() => setActive(index)}
                onClick={() => pick(model)}
                className={classNames(
                  'flex cursor-pointer items-center justify-between gap-2 rounded-md px-2.5 py-1.5 text-sm',
                  index === active && 'bg-neutral-100 dark:bg-neutral-700',
                  model === value && 'font-semibold',
                )}
              >
                <span className="truncate">{model}</span>
                {model === value && (
                  <CheckIcon className="shrink-0" />
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
