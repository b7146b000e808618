import { useId, type ReactNode } from 'react';
import { classNames } from '../../../components/class-names.js';

export const menuItemClass =
  'flex w-full items-center gap-3 rounded-lg px-3 py-2 text-start text-sm text-neutral-800 hover:bg-neutral-100 focus-visible:bg-neutral-100 dark:text-neutral-100 dark:hover:bg-neutral-700/60 dark:focus-visible:bg-neutral-700/60';

/**
 * A menu item that is not available yet. aria-disabled rather than disabled keeps it reachable with
 * the arrow keys, so keyboard and screen-reader users also get the tooltip saying why. The tooltip
 * follows the button as its peer: a `group-has-[…]` selector would make the browser restyle every
 * element under any `.group` (each chat message) whenever the DOM under it changes.
 */
export function UnavailableMenuItem({ icon, label, reason }: { icon: ReactNode; label: string; reason: string }) {
  const tooltipId = useId();
  return (
    <div className="group relative">
      <button
        type="button"
        role="menuitem"
        tabIndex={-1}
        aria-disabled="true"
        aria-describedby={tooltipId}
        className={classNames(menuItemClass, 'peer cursor-not-allowed opacity-50 hover:bg-transparent dark:hover:bg-transparent')}
      >
        {icon}
        <span className="flex-1">{label}</span>
      </button>
      <span
        id={tooltipId}
        role="tooltip"
        className="pointer-events-none invisible absolute start-3 bottom-full z-10 mb-1 max-w-[14rem] rounded-md bg-neutral-900 px-2 py-1 text-xs text-white opacity-0 shadow transition-opacity peer-focus-visible:visible peer-focus-visible:opacity-100 group-hover:visible group-hover:opacity-100 dark:bg-neutral-100 dark:text-neutral-900"
      >
        {reason}
      </span>
    </div>
  );
}

/** A menu item that runs an action, or says why it is not available when there is none. */
export function ActionMenuItem({ icon, label, onSelect, unavailableReason }: { icon: ReactNode; label: string; onSelect: (() => void) | undefined; unavailableReason: string }) {
  if (!onSelect) return <UnavailableMenuItem icon={icon} label={label} reason={unavailableReason} />;
  return (
    <button type="button" role="menuitem" tabIndex={-1} className={menuItemClass} onClick={onSelect}>
      {icon}
      {label}
    </button>
  );
}
