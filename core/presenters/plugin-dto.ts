import type { PluginDto } from '../protocol/plugins.js';
import type { ToolManifest } from '../plugin-api/tool.js';

/** A tool as the plugin store lists it (LibreChat's TPlugin): its manifest, never a credential value. */
export function toPluginDto({ key, tool, authenticated }: { key: string; tool: { manifest: ToolManifest }; authenticated: boolean }): PluginDto {
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
