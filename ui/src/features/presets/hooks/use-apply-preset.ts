import type { PresetDto } from '@protocol';
import { useCallback } from 'react';
import { useMatch, useNavigate } from 'react-router-dom';
import { SETUP_CHOSEN_STATE, fitSetupTo, presetToSetup, useChatSetup, type ChatSetup } from '../../../lib/chat-setup/index.js';
import { endpointKind, endpointTypeOf, useEndpointsQuery, type EndpointsConfig } from '../../../lib/endpoints/index.js';
import { useLocalize } from '../../../lib/i18n/index.js';
import { useToast } from '../../../lib/toast/index.js';

/** Spec 000 §9: the 'Active!' toast of a chosen preset lasts 750 ms. */
export const PRESET_SELECTED_TOAST_DURATION = 750;

/** The preset as a chat setup, its endpoint type filled in and its options fitted to the endpoint. */
export function setupFromPreset(preset: Partial<PresetDto>, endpointsConfig: EndpointsConfig | undefined): ChatSetup {
  const setup = presetToSetup(preset);
  if (!setup.endpoint) return setup;
  const kind = endpointKind(setup.endpoint, endpointsConfig);
  return fitSetupTo({ ...setup, endpointType: setup.endpointType ?? endpointTypeOf(setup.endpoint, endpointsConfig) }, kind);
}

/**
 * Activates a preset: on an open conversation of the same endpoint its options apply in place;
 * otherwise a new conversation starts with them (spec 000 §4 Presets).
 */
export function useApplyPreset() {
  const localize = useLocalize();
  const { showToast } = useToast();
  const { setup, replace } = useChatSetup();
  const { data: endpointsConfig } = useEndpointsQuery();
  const navigate = useNavigate();
  const conversationId = useMatch('/c/:conversationId')?.params.conversationId;

  return useCallback(
    (preset: PresetDto) => {
      if (preset.endpoint && endpointsConfig && !endpointsConfig[preset.endpoint]) {
        showToast({ message: localize('com_endpoint_preset_unavailable', preset.endpoint), severity: 'warning' });
        return;
      }
      const next = setupFromPreset(preset, endpointsConfig);
      const sameEndpoint = Boolean(next.endpoint) && next.endpoint === setup.endpoint;
      replace(next.endpoint ? next : { ...next, endpoint: setup.endpoint, endpointType: setup.endpointType, model: next.model ?? setup.model });
      showToast({ message: localize('com_endpoint_preset_selected'), duration: PRESET_SELECTED_TOAST_DURATION, showIcon: false });
      const existing = conversationId !== undefined && conversationId !== 'new' && conversationId !== 'search';
      if ((existing && !sameEndpoint) || conversationId === 'search') navigate('/c/new', { state: SETUP_CHOSEN_STATE });
    },
    [conversationId, endpointsConfig, localize, navigate, replace, setup, showToast],
  );
}
