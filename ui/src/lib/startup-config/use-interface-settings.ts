import type { InterfaceSettings } from '@protocol';
import { useStartupConfig } from './get-startup-config.js';

/** Every switch on: what a server that predates the switches (or an unread config) means. */
const allOn: InterfaceSettings = { endpointsMenu: true, modelSelect: true, parameters: true, sidePanel: true, presets: true };

/** librechat.yaml `interface` as /api/config resolved it; the header, side panel and landing obey it. */
export function useInterfaceSettings(): InterfaceSettings {
  const { config } = useStartupConfig();
  return { ...allOn, ...config.interface };
}
