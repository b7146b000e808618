import { useState, type ComponentType } from 'react';
import { useMatch } from 'react-router-dom';
import { Button } from '../../../components/button.js';
import { SlidersIcon } from '../../../components/icons/index.js';
import { Popover } from '../../../components/popover.js';
import { clearedParameters, rememberModel, useChatSetup, type ChatSetup } from '../../../lib/chat-setup/index.js';
import { endpointKind, useEndpointsQuery } from '../../../lib/endpoints/index.js';
import { useLocalize } from '../../../lib/i18n/index.js';
import { useInterfaceSettings } from '../../../lib/startup-config/use-interface-settings.js';
import { EndpointSettingsForm } from './endpoint-settings-form.js';
import { SavePresetDialog } from './save-preset-dialog.js';

export interface ParametersPopoverProps {
  className?: string;
  /** The tools feature's picker, under the parameters (features never import each other: the route passes it). */
  ToolPicker?: ComponentType<{ value: ChatSetup; onChange: (patch: Partial<ChatSetup>) => void }>;
}

/**
 * The header's settings popover for the current endpoint: model, custom name and instructions,
 * the tuning sliders, reset to defaults and "Save as preset". Every change goes into the chat setup.
 */
export function ParametersPopover({ className, ToolPicker }: ParametersPopoverProps) {
  const localize = useLocalize();
  const { setup, update } = useChatSetup();
  const { data: endpointsConfig } = useEndpointsQuery();
  const [saving, setSaving] = useState(false);
  const { modelSelect, parameters, presets } = useInterfaceSettings();
  const conversationId = useMatch('/c/:conversationId')?.params.conversationId;
  const existingConversation = Boolean(conversationId && conversationId !== 'new' && conversationId !== 'search');

  const onChange = (patch: Partial<ChatSetup>) => {
    if (patch.model && setup.endpoint) rememberModel(setup.endpoint, patch.model);
    // Another model leaves the model spec the chat was on: it no longer describes the chat.
    update(patch.model && setup.spec ? { ...patch, spec: null, iconURL: null } : patch);
  };

  const cleared = clearedParameters(endpointKind(setup.endpoint, endpointsConfig), setup.model);

  // librechat.yaml `interface`: nothing to show when both the model and the parameters are off.
  if (!modelSelect && !parameters) return null;

  return (
    <Popover
      label={localize('com_endpoint_settings')}
      trigger={
        <>
          <SlidersIcon className="shrink-0" />
          {setup.model && <span className="hidden truncate sm:inline">{setup.model}</span>}
        </>
      }
      triggerClassName="flex h-9 max-w-56 items-center gap-2 px-2 text-sm disabled:opacity-50"
      disabled={!setup.endpoint}
      // The model first: it is what people open the settings for most.
      initialFocus='[role="combobox"]'
      panelClassName="max-h-[calc(100dvh-8rem)] sm:max-h-[calc(100dvh-5rem)] sm:w-[26rem]"
      extras={saving && <SavePresetDialog open setup={setup} onClose={() => setSaving(false)} />}
      className={className}
    >
      <div className="flex min-h-0 flex-1 flex-col gap-5 overflow-y-auto px-4 py-4">
        <EndpointSettingsForm value={setup} onChange={onChange} showModel={modelSelect} showParameters={parameters} existingConversation={existingConversation} />
        {ToolPicker && <ToolPicker value={setup} onChange={onChange} />}
      </div>
      {parameters && (
        <div className="flex items-center justify-between gap-2 border-t border-neutral-200 px-4 py-3 dark:border-neutral-700">
          {/* Endpoints without tuning (Bing, ChatGPT's backend) have nothing to reset. */}
          {Object.keys(cleared).length > 0 ? (
            <Button variant="ghost" className="px-3 py-2" onClick={() => update(cleared)}>
              {localize('com_endpoint_reset_defaults')}
            </Button>
          ) : (
            <span />
          )}
          {presets && (
            <Button className="px-3 py-2" onClick={() => setSaving(true)}>
              {localize('com_endpoint_save_as_preset')}
            </Button>
          )}
        </div>
      )}
    </Popover>
  );
}
