import { useEffect, useId, useState } from 'react';
import { classNames } from '../../../components/class-names.js';
import type { NumberParameter, SliderParameter, StepsParameter, SwitchParameter, TextParameter } from '../../../lib/chat-setup/index.js';
import { useLocalize, type TranslationKey } from '../../../lib/i18n/index.js';
import { SegmentedControl } from './segmented-control.js';

const inputClass =
  'w-full rounded-lg border border-neutral-300 bg-white px-3 py-2 text-sm text-neutral-900 placeholder:text-neutral-400 dark:border-neutral-600 dark:bg-neutral-900 dark:text-neutral-100';

function Hint({ id, textKey }: { id: string; textKey?: TranslationKey }) {
  const localize = useLocalize();
  if (!textKey) return null;
  return (
    <p id={id} className="text-xs leading-snug text-neutral-500 dark:text-neutral-400">
      {localize(textKey)}
    </p>
  );
}

const decimals = (step: number) => (String(step).split('.')[1] ?? '').length;
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * A range input with an editable number next to it; typed values are clamped and rounded to the step.
 * It needs no setup key: the agent settings use it for a value inside `agentOptions`.
 */
export function SliderControl({ definition, value, onChange }: { definition: Omit<SliderParameter, 'control' | 'key'>; value: number; onChange: (value: number) => void }) {
  const localize = useLocalize();
  const id = useId();
  const [draft, setDraft] = useState(String(value));
  useEffect(() => setDraft(String(value)), [value]);
  const label = localize(definition.labelKey);

  const commit = (text: string) => {
    const parsed = Number(text);
    if (text.trim() === '' || Number.isNaN(parsed)) {
      setDraft(String(value));
      return;
    }
    const rounded = Number(clamp(parsed, definition.min, definition.max).toFixed(decimals(definition.step)));
    setDraft(String(rounded));
    if (rounded !== value) onChange(rounded);
  };

  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-center justify-between gap-3">
        <label htmlFor={id} className="text-sm font-medium text-neutral-800 dark:text-neutral-200">
          {label}
        </label>
        <input
          type="number"
          aria-label={`${label} (${definition.min}–${definition.max})`}
          min={definition.min}
          max={definition.max}
          step={definition.step}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onBlur={(event) => commit(event.target.value)}
          onKeyDown={(event) => event.key === 'Enter' && commit(event.currentTarget.value)}
          className="w-20 rounded-md border border-transparent bg-neutral-100 px-2 py-0.5 text-end text-sm tabular-nums hover:border-neutral-300 dark:bg-neutral-900 dark:hover:border-neutral-600"
        />
      </div>
      <input
        id={id}
        type="range"
        min={definition.min}
        max={definition.max}
        step={definition.step}
        value={value}
        aria-describedby={definition.descriptionKey ? `${id}-hint` : undefined}
        onChange={(event) => onChange(Number(event.target.value))}
        className="h-1.5 w-full cursor-pointer accent-neutral-900 dark:accent-neutral-100"
      />
      <Hint id={`${id}-hint`} textKey={definition.descriptionKey} />
    </div>
  );
}

/** An optional whole number; empty means the model's own default. */
export function NumberControl({ definition, value, onChange }: { definition: NumberParameter; value: number | null | undefined; onChange: (value: number | undefined) => void }) {
  const localize = useLocalize();
  const id = useId();
  const [draft, setDraft] = useState(value == null ? '' : String(value));
  useEffect(() => setDraft(value == null ? '' : String(value)), [value]);
  const commit = (text: string) => {
    if (text.trim() === '') return onChange(undefined);
    const parsed = Math.round(Number(text));
    if (Number.isNaN(parsed)) return setDraft(value == null ? '' : String(value));
    onChange(clamp(parsed, definition.min, definition.max ?? Number.MAX_SAFE_INTEGER));
  };
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-neutral-800 dark:text-neutral-200">
        {localize(definition.labelKey)}
      </label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={definition.min}
        max={definition.max}
        step={1}
        value={draft}
        placeholder={localize('com_endpoint_system_default')}
        aria-describedby={definition.descriptionKey ? `${id}-hint` : undefined}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={(event) => commit(event.target.value)}
        className={inputClass}
      />
      <Hint id={`${id}-hint`} textKey={definition.descriptionKey} />
    </div>
  );
}

export function TextControl({ definition, value, onChange, disabled }: { definition: TextParameter; value: string; onChange: (value: string) => void; disabled?: boolean }) {
  const localize = useLocalize();
  const id = useId();
  const shared = {
    id,
    value,
    disabled,
    placeholder: definition.placeholderKey ? localize(definition.placeholderKey) : undefined,
    className: classNames(inputClass, 'disabled:opacity-60'),
  };
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-neutral-800 dark:text-neutral-200">
        {localize(definition.labelKey)}
      </label>
      {definition.control === 'textarea' ? (
        <textarea {...shared} rows={3} onChange={(event) => onChange(event.target.value)} className={classNames(shared.className, 'max-h-48 min-h-20 resize-y')} />
      ) : (
        <input {...shared} type="text" onChange={(event) => onChange(event.target.value)} />
      )}
    </div>
  );
}

export function SwitchControl({ definition, value, onChange }: { definition: Pick<SwitchParameter, 'labelKey' | 'descriptionKey'>; value: boolean; onChange: (value: boolean) => void }) {
  const localize = useLocalize();
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="flex flex-col gap-0.5">
        <span id={`${id}-label`} className="text-sm font-medium text-neutral-800 dark:text-neutral-200">
          {localize(definition.labelKey)}
        </span>
        <Hint id={`${id}-hint`} textKey={definition.descriptionKey} />
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={value}
        aria-labelledby={`${id}-label`}
        aria-describedby={definition.descriptionKey ? `${id}-hint` : undefined}
        onClick={() => onChange(!value)}
        className={classNames(
          'relative mt-0.5 inline-flex h-6 w-10 shrink-0 items-center rounded-full transition-colors',
          value ? 'bg-neutral-900 dark:bg-neutral-100' : 'bg-neutral-300 dark:bg-neutral-600',
        )}
      >
        <span className={classNames('inline-block size-5 rounded-full bg-white shadow transition-transform dark:bg-neutral-900', value ? 'translate-x-[18px]' : 'translate-x-0.5')} />
      </button>
    </div>
  );
}

const stepLabels: Record<StepsParameter['options'][number], TranslationKey> = {
  low: 'com_endpoint_image_detail_low',
  auto: 'com_endpoint_image_detail_auto',
  high: 'com_endpoint_image_detail_high',
};

/** The three image-detail steps as a segmented radio group. */
export function StepsControl({ definition, value, onChange }: { definition: StepsParameter; value: string; onChange: (value: StepsParameter['options'][number]) => void }) {
  const localize = useLocalize();
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <span id={`${id}-label`} className="text-sm font-medium text-neutral-800 dark:text-neutral-200">
        {localize(definition.labelKey)}
      </span>
      <SegmentedControl
        options={definition.options.map((option) => ({ value: option, label: localize(stepLabels[option]) }))}
        value={value}
        onChange={onChange}
        labelledBy={`${id}-label`}
        describedBy={`${id}-hint`}
      />
      <Hint id={`${id}-hint`} textKey={definition.descriptionKey} />
    </div>
  );
}
