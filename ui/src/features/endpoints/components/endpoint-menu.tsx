import type { ModelSpec } from '@protocol';
import { useId, useState, type ReactNode } from 'react';
import { classNames } from '../../../components/class-names.js';
import { CheckIcon, ChevronDownIcon, KeyIcon } from '../../../components/icons/index.js';
import { useMenu } from '../../../components/use-menu.js';
import { useChatSetup, useEnsureChatSetup } from '../../../lib/chat-setup/index.js';
import { EndpointIcon, endpointLabel, needsUserKey, sortedEndpoints, useEndpointsQuery } from '../../../lib/endpoints/index.js';
import { useLocalize } from '../../../lib/i18n/index.js';
import { SpecIcon, activeSpec, useModelSpecs } from '../../../lib/model-specs/index.js';
import { useInterfaceSettings } from '../../../lib/startup-config/use-interface-settings.js';
import { useDefaultSpec } from '../hooks/use-default-spec.js';
import { useSelectEndpoint } from '../hooks/use-select-endpoint.js';
import { useSelectSpec } from '../hooks/use-select-spec.js';
import { KeyDialog } from './key-dialog.js';
import { SpecMenuItem } from './spec-menu-item.js';

export interface EndpointMenuProps {
  className?: string;
}

const SectionHeading = ({ children }: { children: ReactNode }) => (
  <p className="px-2.5 pt-1 pb-1.5 text-xs font-medium text-neutral-500 dark:text-neutral-400">{children}</p>
);

/**
 * The header's picker: the model specs of librechat.yaml (labelled presets with icons) and the
 * enabled endpoints with a key button on those that need the user's key. `interface.endpointsMenu`
 * and `modelSpecs.enforce` hide the endpoints, `prioritize` puts the specs first. The key dialog
 * also opens on selection when no key is saved.
 */
export function EndpointMenu({ className }: EndpointMenuProps) {
  useEnsureChatSetup();
  useDefaultSpec();
  const localize = useLocalize();
  const menu = useMenu();
  const menuId = useId();
  const { setup } = useChatSetup();
  const { data: endpointsConfig, isLoading } = useEndpointsQuery();
  const { endpointsMenu } = useInterfaceSettings();
  const specs = useModelSpecs();
  const selectEndpoint = useSelectEndpoint();
  const selectSpec = useSelectSpec();
  const [keyDialogFor, setKeyDialogFor] = useState<string | null>(null);
  const names = endpointsMenu && !specs.enforce ? sortedEndpoints(endpointsConfig) : [];
  const current = setup.endpoint;
  const currentSpec = activeSpec(setup, specs.offered);
  const hasSpecs = specs.offered.length > 0;

  if (!hasSpecs && !endpointsMenu) return null;

  const onSelect = async (endpoint: string) => {
    menu.close();
    const { keyMissing } = await selectEndpoint(endpoint);
    if (keyMissing) setKeyDialogFor(endpoint);
  };
  const onSelectSpec = (spec: ModelSpec) => {
    menu.close();
    selectSpec(spec);
  };

  const triggerLabel = currentSpec?.label ?? (current ? endpointLabel(current) : localize('com_endpoint_none'));
  const triggerIcon = currentSpec ? (
    currentSpec.showIconInHeader !== false && <SpecIcon spec={currentSpec} endpointsConfig={endpointsConfig} size="sm" />
  ) : (
    current && <EndpointIcon endpoint={current} endpointsConfig={endpointsConfig} size="sm" />
  );

  const specSection = hasSpecs && (
    <div key="specs" role="group" aria-label={localize('com_endpoint_model_specs')}>
      <SectionHeading>{localize('com_endpoint_model_specs')}</SectionHeading>
      {specs.offered.map((spec) => (
        <SpecMenuItem key={spec.name} spec={spec} selected={spec === currentSpec} endpointsConfig={endpointsConfig} onSelect={onSelectSpec} />
      ))}
    </div>
  );

  const endpointSection = (endpointsMenu && !specs.enforce) && (
    <div key="endpoints" role="group" aria-label={localize('com_endpoint_menu')} className={classNames(hasSpecs && (specs.prioritize ? 'mt-1 border-t border-neutral-200 pt-1 dark:border-neutral-700' : 'mb-1 border-b border-neutral-200 pb-1 dark:border-neutral-700'))}>
      <SectionHeading>{localize('com_endpoint_menu')}</SectionHeading>
      {names.length === 0 && <p className="px-2.5 py-2 text-sm text-neutral-500">{localize('com_endpoint_none_available')}</p>}
      {names.map((name) => {
        const selected = name === current && !currentSpec;
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
              {selected && <CheckIcon className="shrink-0" />}
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
  );

  return (
    <div className={classNames('relative', className)}>
      <button
        type="button"
        {...menu.triggerProps}
        aria-controls={menu.open ? menuId : undefined}
        aria-label={currentSpec ? localize('com_endpoint_spec_menu_label', triggerLabel) : localize('com_endpoint_menu_label', triggerLabel)}
        disabled={isLoading}
        className="flex h-9 items-center gap-2 rounded-lg px-2 text-sm font-semibold text-neutral-800 hover:bg-neutral-100 disabled:opacity-60 dark:text-neutral-100 dark:hover:bg-neutral-800"
      >
        {triggerIcon}
        <span className="max-w-40 truncate">{triggerLabel}</span>
        <ChevronDownIcon className="text-neutral-400" />
      </button>

      {menu.open && (
        <div
          id={menuId}
          {...menu.menuProps}
          aria-label={hasSpecs ? localize('com_endpoint_model_specs') : localize('com_endpoint_menu')}
          className="absolute top-full start-0 z-50 mt-1 max-h-[calc(100dvh-6rem)] w-72 overflow-y-auto rounded-xl border border-neutral-200 bg-white p-1.5 shadow-lg sm:w-80 dark:border-neutral-700 dark:bg-neutral-800"
        >
          {specs.prioritize ? [specSection, endpointSection] : [endpointSection, specSection]}
        </div>
      )}
      {keyDialogFor && <KeyDialog endpoint={keyDialogFor} open onClose={() => setKeyDialogFor(null)} />}
    </div>
  );
}
