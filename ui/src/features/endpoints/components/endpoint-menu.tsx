import { useId, useState } from 'react';
import { classNames } from '../../../components/class-names.js';
import { useMenu } from '../../../components/use-menu.js';
import { useChatSetup, useEnsureChatSetup } from '../../../lib/chat-setup/index.js';
import { EndpointIcon, endpointLabel, needsUserKey, sortedEndpoints, useEndpointsQuery } from '../../../lib/endpoints/index.js';
import { useLocalize } from '../../../lib/i18n/index.js';
import { useSelectEndpoint } from '../hooks/use-select-endpoint.js';
import { KeyDialog } from './key-dialog.js';

const KeyIcon = () => (
  <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" className="size-4">
    <circle cx="7.5" cy="15.5" r="4.5" />
    <path d="m10.7 12.3 9.8-9.8M17 6l3 3M14.5 8.5l2 2" />
  </svg>
);

const Chevron = () => (
  <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true" className="size-4 text-neutral-400">
    <path d="m6 9 6 6 6-6" />
  </svg>
);

export interface EndpointMenuProps {
  className?: string;
}

/**
 * The header's endpoint picker: the enabled endpoints with their icons, a key button on those that
 * need the user's key, and the key dialog, which also opens on selection when no key is saved.
 */
export function EndpointMenu({ className }: EndpointMenuProps) {
  useEnsureChatSetup();
  const localize = useLocalize();
  const menu = useMenu();
  const menuId = useId();
  const { setup } = useChatSetup();
  const { data: endpointsConfig, isLoading } = useEndpointsQuery();
  const selectEndpoint = useSelectEndpoint();
  const [keyDialogFor, setKeyDialogFor] = useState<string | null>(null);
  const names = sortedEndpoints(endpointsConfig);
  const current = setup.endpoint;

  const onSelect = async (endpoint: string) => {
    menu.close();
    const { keyMissing } = await selectEndpoint(endpoint);
    if (keyMissing) setKeyDialogFor(endpoint);
  };

  return (
    <div className={classNames('relative', className)}>
      <button
        type="button"
        {...menu.triggerProps}
        aria-controls={menu.open ? menuId : undefined}
        aria-label={localize('com_endpoint_menu_label', current ? endpointLabel(current) : localize('com_endpoint_none'))}
        disabled={isLoading}
        className="flex h-9 items-center gap-2 rounded-lg px-2 text-sm font-semibold text-neutral-800 hover:bg-neutral-100 disabled:opacity-60 dark:text-neutral-100 dark:hover:bg-neutral-800"
      >
        {current && <EndpointIcon endpoint={current} endpointsConfig={endpointsConfig} size="sm" />}
        <span className="max-w-40 truncate">{current ? endpointLabel(current) : localize('com_endpoint_none')}</span>
        <Chevron />
      </button>

      {menu.open && (
        <div
          id={menuId}
          {...menu.menuProps}
          aria-label={localize('com_endpoint_menu')}
          className="absolute top-full start-0 z-50 mt-1 w-72 rounded-xl border border-neutral-200 bg-white p-1.5 shadow-lg dark:border-neutral-700 dark:bg-neutral-800"
        >
          <p className="px-2.5 pt-1 pb-1.5 text-xs font-medium text-neutral-500 dark:text-neutral-400">{localize('com_endpoint_menu')}</p>
          {names.length === 0 && <p className="px-2.5 py-2 text-sm text-neutral-500">{localize('com_endpoint_none_available')}</p>}
          {names.map((name) => {
            const selected = name === current;
            const label = endpointLabel(name);
            return (
              <div key={name} className="group flex items-center gap-1 rounded-lg hover:bg-neutral-100 dark:hover:bg-neutral-700/60">
                <button
                  type="button"
                  role="menuitemradio"
                  aria-checked={selected}
                  tabIndex={-1}
                  onClick={() => void onSelect(name)}
                  className="flex min-w-0 flex-1 items-center gap-3 rounded-lg px-2.5 py-2 text-start text-sm text-neutral-800 focus-visible:bg-neutral-100 dark:text-neutral-100 dark:focus-visible:bg-neutral-700/60"
                >
                  <EndpointIcon endpoint={name} endpointsConfig={endpointsConfig} />
                  <span className={classNames('flex-1 truncate', selected && 'font-semibold')}>{label}</span>
                  {selected && (
                    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" className="size-4 shrink-0">
                      <path d="m5 12.5 4.5 4.5L19 7.5" />
                    </svg>
                  )}
                </button>
                {needsUserKey(endpointsConfig?.[name]) && (
                  <button
                    type="button"
                    role="menuitem"
                    tabIndex={-1}
                    aria-label={localize('com_endpoint_config_key_for', label)}
                    title={localize('com_endpoint_config_key_for', label)}
                    onClick={() => {
                      // Focus goes back to the trigger first, so the dialog returns it there on close.
                      menu.close();
                      setKeyDialogFor(name);
                    }}
                    className="me-1 rounded-md p-1.5 text-neutral-500 hover:bg-neutral-200 hover:text-neutral-900 focus-visible:bg-neutral-200 dark:text-neutral-400 dark:hover:bg-neutral-600 dark:hover:text-white"
                  >
                    <KeyIcon />
                  </button>
                )}
              </div>
            );
          })}
        </div>
      )}
      {keyDialogFor && <KeyDialog endpoint={keyDialogFor} open onClose={() => setKeyDialogFor(null)} />}
    </div>
  );
}
