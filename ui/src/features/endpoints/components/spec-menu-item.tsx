import type { ModelSpec } from '@protocol';
import { classNames } from '../../../components/class-names.js';
import { CheckIcon } from '../../../components/icons/index.js';
import type { EndpointsConfig } from '../../../lib/endpoints/index.js';
import { SpecIcon } from '../../../lib/model-specs/index.js';

export interface SpecMenuItemProps {
  spec: ModelSpec;
  selected: boolean;
  endpointsConfig?: EndpointsConfig;
  onSelect: (spec: ModelSpec) => void;
}

/** One model spec in the picker: its icon, label and description, checked when the chat is on it. */
export function SpecMenuItem({ spec, selected, endpointsConfig, onSelect }: SpecMenuItemProps) {
  return (
    <button
      type="button"
      role="menuitemradio"
      aria-checked={selected}
      tabIndex={-1}
      onClick={() => onSelect(spec)}
      className="flex w-full min-w-0 items-start gap-3 rounded-lg px-2.5 py-2 text-start text-sm text-neutral-800 hover:bg-neutral-100 focus-visible:bg-neutral-100 dark:text-neutral-100 dark:hover:bg-neutral-700/60 dark:focus-visible:bg-neutral-700/60"
    >
      {spec.showIconInMenu !== false && <SpecIcon spec={spec} endpointsConfig={endpointsConfig} className="mt-0.5" />}
      <span className="flex min-w-0 flex-1 flex-col">
        <span className={classNames('truncate', selected && 'font-semibold')}>{spec.label}</span>
        {spec.description && <span className="line-clamp-2 text-xs text-neutral-500 dark:text-neutral-400">{spec.description}</span>}
      </span>
      {selected && <CheckIcon className="mt-0.5 shrink-0" />}
    </button>
  );
}
