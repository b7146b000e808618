import type { LibreChatConfig } from '../../../config/schema/index.js';
import type { InterfaceSettings } from '../../protocol/startup-config.js';

/**
 * librechat.yaml `interface` with LibreChat's defaults filled in: every switch on, except that a
 * `modelSpecs` list takes over the header (endpoint list, model choice, parameters, presets off)
 * unless the operator turns those back on. Answering resolved values keeps that rule in one place.
 */
export function resolveInterface(yaml: Pick<LibreChatConfig, 'interface' | 'modelSpecs'>): InterfaceSettings {
  const configured = yaml.interface ?? {};
  const onUnlessSpecs = !yaml.modelSpecs;
  return {
    ...configured,
    endpointsMenu: configured.endpointsMenu ?? onUnlessSpecs,
    modelSelect: configured.modelSelect ?? onUnlessSpecs,
    parameters: configured.parameters ?? onUnlessSpecs,
    presets: configured.presets ?? onUnlessSpecs,
    sidePanel: configured.sidePanel ?? true,
  };
}
