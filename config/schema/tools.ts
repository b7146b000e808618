import { z } from 'zod';

/** How long a call marked `requiresApproval` waits for the user's answer before it is denied: two minutes. */
export const DEFAULT_APPROVAL_TIMEOUT_MS = 120_000;

/**
 * `tools`: chatbox's settings for tools with side effects (LibreChat has no such section).
 * `requiresApproval` lists plugin keys (`dalle`, `web-browser`, an MCP tool's `<tool>_mcp_<server>`)
 * whose every call waits for the user to allow it; an MCP server marks its own tools with
 * `mcpServers.<name>.requiresApproval`. A call not answered within `approvalTimeout` milliseconds is
 * denied, and the model is told so.
 */
export const toolsSchema = z.strictObject({
  requiresApproval: z.array(z.string().min(1, 'a plugin key, e.g. dalle')).default([]),
  approvalTimeout: z.number().int().positive('milliseconds, more than 0').default(DEFAULT_APPROVAL_TIMEOUT_MS),
});

export type ToolsConfig = z.output<typeof toolsSchema>;

/** The approval settings of a file without a `tools` section. */
export const defaultToolsConfig: ToolsConfig = { requiresApproval: [], approvalTimeout: DEFAULT_APPROVAL_TIMEOUT_MS };
