import { useEffect, useRef } from 'react';
import { useLocation, useMatch } from 'react-router-dom';
import { isSetupChosen, useChatSetup } from '../../../lib/chat-setup/index.js';
import { useEndpointsQuery } from '../../../lib/endpoints/index.js';
import { activeSpec, specToSetup, useModelSpecs } from '../../../lib/model-specs/index.js';

/**
 * librechat.yaml `modelSpecs`: a new conversation starts on the default spec (with `enforce`, the
 * first spec when none is marked), once per visit of /c/new, unless the user arrived by choosing
 * the setup. Under `enforce` a setup that is on no spec is replaced even then. A default preset
 * that is applied later wins unless `prioritize` (see the presets feature).
 */
export function useDefaultSpec(): void {
  const { setup, replace } = useChatSetup();
  const { data: endpointsConfig } = useEndpointsQuery();
  const { offered, initial, enforce } = useModelSpecs();
  const location = useLocation();
  const onNewChat = useMatch('/c/:conversationId')?.params.conversationId === 'new';
  const appliedFor = useRef<string | null>(null);

  useEffect(() => {
    if (!onNewChat || !initial || !endpointsConfig) return;
    const offSpec = enforce && !activeSpec(setup, offered);
    if (appliedFor.current === location.key && !offSpec) return;
    appliedFor.current = location.key;
    if (isSetupChosen(location.state) && !offSpec) return;
    replace(specToSetup(initial, endpointsConfig));
  }, [onNewChat, initial, endpointsConfig, enforce, offered, setup, location.key, location.state, replace]);
}
