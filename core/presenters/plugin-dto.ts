import type { PluginDto } from '../protocol/plugins.js';
import type { ResolvedTool } from '../tools/tool-catalogue.js';

/** A tool as the plugin store lists it (LibreChat's TPlugin): its manifest, never a credential value. */
export function toPluginDto({ key, tool, authenticated }: ResolvedTool): PluginDto {
  const { displayName, summary, icon, credentials } = tool.manifest;
  return {
    name: displayName,
    pluginKey: key,
    description: summary,
    icon,
    authConfig: credentials.map(({ authField, label, description }) => ({ authField, label, description })),
    authenticated,
  };
}
