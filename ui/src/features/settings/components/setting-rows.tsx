import { useId, type ReactNode } from 'react';
import { classNames } from '../../../components/class-names.js';

const rowClass = 'flex items-center justify-between gap-4 border-b border-neutral-200 py-3 last:border-b-0 dark:border-neutral-700';

/** A labelled on/off switch (role="switch"), the whole row's text is its name. */
export function ToggleRow({ label, checked, onChange }: { label: string; checked: boolean; onChange: (value: boolean) => void }) {
  const labelId = useId();
  return (
    <div className={rowClass}>
      <span id={labelId} className="text-sm">
        {label}
      </span>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={labelId}
        onClick={() => onChange(!checked)}
        className={classNames(
          'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors',
          checked ? 'bg-emerald-600 dark:bg-emerald-500' : 'bg-neutral-300 dark:bg-neutral-600',
        )}
      >
        <span
          aria-hidden="true"
          className={classNames(
            'inline-block size-5 rounded-full bg-white shadow transition-transform',
            // Logical: the knob travels towards the inline end, mirrored in right-to-left pages.
            checked ? 'translate-x-[22px] rtl:-translate-x-[22px]' : 'translate-x-0.5 rtl:-translate-x-0.5',
          )}
        />
      </button>
    </div>
  );
}

export interface SelectOption {
  value: string;
  label: string;
  /** The option's own language, for languages listed by their own name. */
  lang?: string;
}

/** A native select: keyboard, screen readers and phones handle it better than a custom listbox. */
export function SelectRow({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: SelectOption[];
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className={rowClass}>
      <label htmlFor={id} className="text-sm">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="max-w-[55%] rounded-lg border border-neutral-300 bg-white px-2.5 py-1.5 text-sm text-neutral-900 dark:border-neutral-600 dark:bg-neutral-900 dark:text-neutral-100"
      >
        {options.map((option) => (
          <option key={option.value} value={option.value} lang={option.lang}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A row with a label and an action (the two-step buttons of the Data tab). */
export function ActionRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={rowClass}>
      <span className="text-sm">{label}</span>
      <div className="flex shrink-0 items-center">{children}</div>
    </div>
  );
}
