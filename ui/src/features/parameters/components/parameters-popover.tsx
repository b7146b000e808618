import { useId, useState } from 'react';
import { Button } from '../../../components/button.js';
import { classNames } from '../../../components/class-names.js';
import { usePopover } from '../../../components/use-popover.js';
import { clearedParameters, rememberModel, useChatSetup, type ChatSetup } from '../../../lib/chat-setup/index.js';
import { endpointKind, useEndpointsQuery } from '../../../lib/endpoints/index.js';
import { useLocalize } from '../../../lib/i18n/index.js';
import { useInterfaceSettings } from '../../../lib/startup-config/use-interface-settings.js';
import { EndpointSettingsForm } from './endpoint-settings-form.js';
import { SavePresetDialog } from './save-preset-dialog.js';

const SlidersIcon = () => (
  <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" aria-hidden="true" className="size-[18px] shrink-0">
    <path d="M4 6h9M17 6h3M4 12h3M11 12h9M4 18h11M19 18h1" />
    <circle cx="15" cy="6" r="2" />
    <circle cx="9" cy="12" r="2" />
    <circle cx="17" cy="18" r="2" />
  </svg>
);

export interface ParametersPopoverProps {
  className?: string;
}

/**
 * The header's settings popover for the current endpoint: model, custom name and instructions,
 * the tuning sliders, reset to defaults and "Save as preset". Every change goes into the chat setup.
 */
export function ParametersPopover({ className }: ParametersPopoverProps) {
  const localize = useLocalize();
  const panelId = useId();
  const titleId = useId();
  const { setup, update } = useChatSetup();
  const { data: endpointsConfig } = useEndpointsQuery();
  // The model first: it is what people open the settings for most.
  const { open, setOpen, triggerRef, panelRef, close } = usePopover('[role="combobox"]');
  const [saving, setSaving] = useState(false);
  const { modelSelect, parameters, presets } = useInterfaceSettings();

  const onChange = (patch: Partial<ChatSetup>) => {
    if (patch.model && setup.endpoint) rememberModel(setup.endpoint, patch.model);
    // Another model leaves the model spec the chat was on: it no longer describes the chat.
    update(patch.model && setup.spec ? { ...patch, spec: null, iconURL: null } : patch);
  };

  // librechat.yaml `interface`: nothing to show when both the model and the parameters are off.
  if (!modelSelect && !parameters) return null;

  return (
    // Positioned only from 640 px: on phones the panel hangs from the header bar and spans its width.
    <div className={classNames('sm:relative', className)}>
      <button
        ref={triggerRef}
        type="button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-haspopup="dialog"
        aria-label={localize('com_endpoint_settings')}
        title={localize('com_endpoint_settings')}
        disabled={!setup.endpoint}
        onClick={() => setOpen((current) => !current)}
        className="flex h-9 max-w-56 items-center gap-2 rounded-lg px-2 text-sm text-neutral-600 hover:bg-neutral-100 hover:text-neutral-900 disabled:opacity-50 dark:text-neutral-300 dark:hover:bg-neutral-800 dark:hover:text-white"
      >
        <SlidersIcon />
        {setup.model && <span className="hidden truncate sm:inline">{setup.model}</span>}
      </button>

      {open && (
        <div
          ref={panelRef}
          id={panelId}
          role="dialog"
          aria-labelledby={titleId}
          data-popover-layer=""
          onKeyDown={(event) => {
            if (event.key !== 'Escape') return;
            event.stopPropagation();
            close();
          }}
          className="absolute inset-x-2 top-full z-50 mt-1 flex max-h-[calc(100dvh-8rem)] flex-col rounded-2xl border border-neutral-200 bg-white shadow-xl sm:inset-x-auto sm:start-0 sm:max-h-[calc(100dvh-5rem)] sm:w-[26rem] dark:border-neutral-700 dark:bg-neutral-800"
        >
          <div className="flex items-center justify-between border-b border-neutral-200 px-4 py-3 dark:border-neutral-700">
            <h2 id={titleId} className="text-sm font-semibold">
              {localize('com_endpoint_settings')}
            </h2>
            <button type="button" onClick={close} aria-label={localize('com_ui_close')} className="rounded-md p-1 text-neutral-500 hover:bg-neutral-100 hover:text-neutral-900 dark:text-neutral-400 dark:hover:bg-neutral-700 dark:hover:text-white">
              <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true" className="size-4">
                <path d="M6 6l12 12M18 6 6 18" />
              </svg>
            </button>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-4 py-4">
            <EndpointSettingsForm value={setup} onChange={onChange} showModel={modelSelect} showParameters={parameters} />
          </div>
          {parameters && (
            <div className="flex items-center justify-between gap-2 border-t border-neutral-200 px-4 py-3 dark:border-neutral-700">
              <Button variant="ghost" className="px-3 py-2" onClick={() => update(clearedParameters(endpointKind(setup.endpoint, endpointsConfig), setup.model))}>
                {localize('com_endpoint_reset_defaults')}
              </Button>
              {presets && (
                <Button className="px-3 py-2" onClick={() => setSaving(true)}>
                  {localize('com_endpoint_save_as_preset')}
                </Button>
              )}
            </div>
          )}
        </div>
      )}
      {saving && <SavePresetDialog open setup={setup} onClose={() => setSaving(false)} />}
    </div>
  );
}
