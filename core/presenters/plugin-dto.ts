import type { PluginDto } from '../protocol/plugins.js';
import type { ToolManifest } from '../plugin-api/tool.js';

/** A tool as the plugin store lists it (LibreChat's TPlugin): its manifest, never a credential value. */
export function toPluginDto({ key, tool, authenticated, requiresApproval }: { key: string; tool: { manifest: ToolManifest }; authenticated: boolean; requiresApproval?: boolean }): PluginDto {
  const { displayName, summary, icon, credentials } = tool.manifest;
  return {
    name: displayName,
    pluginKey: key,
    description: summary,
    icon,
    authConfig: credentials.map(({ authField, label, description }) => ({ authField, label, description })),
    authenticated,
    // Only when set, so the answer for every other tool stays LibreChat's TPlugin exactly.
    ...(requiresApproval ? { requiresApproval: true } : {}),
  };
}
