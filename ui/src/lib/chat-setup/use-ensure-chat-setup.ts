import { useEffect } from 'react';
import { endpointTypeOf, sortedEndpoints, useEndpointsQuery, useModelsQuery } from '../endpoints/index.js';
import { defaultSpec, offeredSpecs } from '../model-specs/spec-selection.js';
import { useStartupConfig } from '../startup-config/get-startup-config.js';
import { useChatSetup } from './chat-setup-context.js';
import { newChatSetup } from './last-bing-settings.js';
import { defaultModelFor } from './last-selected-model.js';

/**
 * Keeps the setup pointing at something the server offers: the first enabled endpoint when none is
 * chosen or the chosen one was switched off, and that endpoint's default model when the model is
 * unknown to it. Mounted by the endpoint picker; harmless to mount twice.
 */
export function useEnsureChatSetup(): void {
  const { setup, update, replace } = useChatSetup();
  const { data: endpointsConfig } = useEndpointsQuery();
  const { data: models } = useModelsQuery();
  const specs = useStartupConfig().config.modelSpecs;
  // A new chat with a default (or enforced) spec starts on it: that is the endpoint picker's to set.
  const specComing = Boolean(defaultSpec(specs, offeredSpecs(specs, endpointsConfig)));
  // A model spec may name a model the endpoint's list leaves out (an operator's curated choice): keep it.
  const specModel = specs?.list.some((spec) => spec.name === setup.spec && spec.preset.endpoint === setup.endpoint && spec.preset.model === setup.model);

  useEffect(() => {
    if (!endpointsConfig || !models) return;
    const names = sortedEndpoints(endpointsConfig);
    if (names.length === 0) return;
    const current = setup.endpoint;
    if (!current || !endpointsConfig[current]) {
      if (specComing) return;
      const endpoint = names[0]!;
      replace(newChatSetup({ endpoint, endpointType: endpointTypeOf(endpoint, endpointsConfig), model: defaultModelFor(endpoint, models[endpoint]) ?? null }));
      return;
    }
    const offered = models[current];
    // An empty list means the server could not list models (a user-provided key not set yet): keep ours.
    if (!specModel && offered && offered.length > 0 && (!setup.model || !offered.includes(setup.model))) {
      update({ model: defaultModelFor(current, offered) ?? null });
    }
  }, [endpointsConfig, models, setup.endpoint, setup.model, specModel, specComing, update, replace]);
}
