import { classNames } from '../../../components/class-names.js';

export interface SegmentedControlProps<Value extends string> {
  options: ReadonlyArray<{ value: Value; label: string }>;
  value: string | null | undefined;
  onChange: (value: Value) => void;
  /** The id of the element that names the group, or `label` when nothing on screen does. */
  labelledBy?: string;
  label?: string;
  describedBy?: string;
}

const columns: Record<number, string> = { 2: 'grid-cols-2', 3: 'grid-cols-3', 4: 'grid-cols-4' };

/** A few exclusive choices side by side: a radio group drawn as one segmented bar. */
export function SegmentedControl<Value extends string>({ options, value, onChange, labelledBy, label, describedBy }: SegmentedControlProps<Value>) {
  return (
    <div
      role="radiogroup"
      aria-labelledby={labelledBy}
      aria-label={labelledBy ? undefined : label}
      aria-describedby={describedBy}
      className={classNames('grid gap-1 rounded-lg bg-neutral-100 p-1 dark:bg-neutral-900', columns[options.length] ?? 'grid-cols-3')}
    >
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          role="radio"
          aria-checked={value === option.value}
          onClick={() => onChange(option.value)}
          className={classNames(
            'rounded-md px-2 py-1 text-sm transition-colors',
            value === option.value ? 'bg-white font-medium shadow-sm dark:bg-neutral-700' : 'text-neutral-600 hover:text-neutral-900 dark:text-neutral-400 dark:hover:text-white',
          )}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
