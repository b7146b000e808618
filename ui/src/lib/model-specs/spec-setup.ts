import type { ModelSpec } from '@protocol';
import { presetToSetup, type ChatSetup } from '../chat-setup/index.js';
import { endpointTypeOf, type EndpointsConfig } from '../endpoints/index.js';

/** The chat setup a spec starts: its preset, its name (the server checks it under `enforce`) and icon. */
export function specToSetup(spec: ModelSpec, endpointsConfig: EndpointsConfig | undefined): ChatSetup {
  const setup = presetToSetup(spec.preset);
  return {
    ...setup,
    endpoint: spec.preset.endpoint,
    endpointType: setup.endpointType ?? endpointTypeOf(spec.preset.endpoint, endpointsConfig),
    spec: spec.name,
    ...(spec.iconURL && { iconURL: spec.iconURL }),
  };
}
