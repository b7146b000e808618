import { useEffect, useRef } from 'react';
import { useLocation, useMatch } from 'react-router-dom';
import { isSetupChosen, useChatSetup } from '../../../lib/chat-setup/index.js';
import { useEndpointsQuery } from '../../../lib/endpoints/index.js';
import { useModelSpecs } from '../../../lib/model-specs/index.js';
import { usePresetsQuery } from '../api/get-presets.js';
import { setupFromPreset } from './use-apply-preset.js';

/**
 * Spec 000 §4: a new conversation starts from the default preset. Applied once per visit of
 * /c/new (each "New chat" is a new visit) and again when the default changes while there, but not
 * when the user arrived by choosing an endpoint or preset, nor when a default model spec is
 * prioritized (librechat.yaml `modelSpecs.prioritize`). Returns the default preset.
 */
export function useDefaultPreset() {
  const { data: presets } = usePresetsQuery();
  const { data: endpointsConfig } = useEndpointsQuery();
  const { replace } = useChatSetup();
  const location = useLocation();
  const onNewChat = useMatch('/c/:conversationId')?.params.conversationId === 'new';
  const appliedFor = useRef<string | null>(null);
  const specs = useModelSpecs();
  const specFirst = Boolean(specs.initial) && specs.prioritize;
  const defaultPreset = presets?.find((preset) => preset.defaultPreset) ?? null;

  useEffect(() => {
    if (!onNewChat || !defaultPreset || !endpointsConfig || specFirst) return;
    const marker = `${location.key}|${defaultPreset.presetId}|${defaultPreset.updatedAt}`;
    if (appliedFor.current === marker) return;
    appliedFor.current = marker;
    if (isSetupChosen(location.state)) return;
    if (defaultPreset.endpoint && !endpointsConfig[defaultPreset.endpoint]) return;
    replace(setupFromPreset(defaultPreset, endpointsConfig));
  }, [onNewChat, defaultPreset, endpointsConfig, specFirst, location.key, location.state, replace]);

  return defaultPreset;
}
