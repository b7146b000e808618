import { z } from 'zod';

/** A credential field of a tool, as the store's auth form shows it (LibreChat's `authConfig` entry). */
export interface PluginAuthFieldDto {
  /** The variable name(s) as LibreChat names them; `A||B` lists alternatives. The form sends values under this name. */
  authField: string;
  label: string;
  description: string;
}

/** One entry of GET /api/plugins (LibreChat's TPlugin, client contract §2.8). */
export interface PluginDto {
  name: string;
  /** The install and selection identity; what `user.plugins` and a conversation's `tools` hold. */
  pluginKey: string;
  description: string;
  /** Never null: LibreChat's client draws it as `<img src>`. */
  icon: string;
  /** Empty when the tool needs no credentials. */
  authConfig: PluginAuthFieldDto[];
  /** Every credential is set by the operator: installing asks for nothing. */
  authenticated: boolean;
  /**
   * Present (true) when each call waits for the user's approval (librechat.yaml `tools.requiresApproval`,
   * `mcpServers.<name>.requiresApproval`). A chatbox addition: LibreChat's client ignores unknown keys.
   */
  requiresApproval?: true;
}

/** At most this many characters of one credential (a key, an id, a URL). */
export const PLUGIN_AUTH_VALUE_MAX = 4_096;

/**
 * POST /api/user/plugins (LibreChat §4.3). `auth` maps a credential field (its manifest name, or
 * one of its alternatives) to the value the user entered; the UI sends null when uninstalling.
 * `isAssistantTool` stores credentials without adding the tool to the user's installed plugins.
 */
export const pluginInstallRequestSchema = z.object({
  pluginKey: z.string({ message: 'pluginKey is required' }).trim().min(1, 'pluginKey is required').max(200, 'pluginKey must be at most 200 characters'),
  action: z.enum(['install', 'uninstall'], { message: "action must be 'install' or 'uninstall'" }),
  auth: z
    .record(
      z.string().max(200, 'a credential field name must be at most 200 characters'),
      z
        .string({ message: 'each credential must be a string' })
        .max(PLUGIN_AUTH_VALUE_MAX, `a credential must be at most ${PLUGIN_AUTH_VALUE_MAX} characters`),
      { message: 'auth must be an object of credential fields' },
    )
    .nullish(),
  isAssistantTool: z.boolean({ message: 'isAssistantTool must be a boolean' }).optional(),
});

export type PluginInstallRequest = z.input<typeof pluginInstallRequestSchema>;
