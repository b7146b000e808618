import { readFileSync, statSync } from 'node:fs';
import { extname } from 'node:path';

/** LibreChat shows a wrench for an MCP server without an icon; chatbox serves the same from ui/public. */
export const DEFAULT_MCP_ICON = '/assets/tools/mcp.svg';

const imageTypes: Record<string, string> = { '.svg': 'image/svg+xml', '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.webp': 'image/webp', '.gif': 'image/gif' };
const MAX_ICON_BYTES = 256 * 1024;

/**
 * The store icon of a server's tools from its `iconPath`: a URL (http(s), data:) or a path chatbox
 * serves (/assets/…) as written; an image file on the server (LibreChat's usual form) inlined as a
 * data: URL, since chatbox serves no files from arbitrary paths. Anything else gets the default,
 * with the reason returned for the log.
 */
export function mcpIcon(iconPath: string | undefined): { icon: string; problem?: string } {
  if (iconPath === undefined) return { icon: DEFAULT_MCP_ICON };
  if (/^(https?:|data:image\/)/i.test(iconPath) || iconPath.startsWith('/assets/')) return { icon: iconPath };
  const type = imageTypes[extname(iconPath).toLowerCase()];
  if (!type) return { icon: DEFAULT_MCP_ICON, problem: `iconPath ${iconPath} is not an image file (svg, png, jpg, webp, gif)` };
  try {
    if (statSync(iconPath).size > MAX_ICON_BYTES) return { icon: DEFAULT_MCP_ICON, problem: `iconPath ${iconPath} is larger than 256 KB` };
    return { icon: `data:${type};base64,${readFileSync(iconPath).toString('base64')}` };
  } catch (error) {
    return { icon: DEFAULT_MCP_ICON, problem: `iconPath ${iconPath} cannot be read: ${error instanceof Error ? error.message : String(error)}` };
  }
}
