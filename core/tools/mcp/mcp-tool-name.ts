import { createHash } from 'node:crypto';

/** LibreChat's separator between an MCP tool's name and its server's: `add_mcp_math`. */
export const MCP_DELIMITER = '_mcp_';

/**
 * What every provider accepts as a function name: OpenAI and Anthropic `^[a-zA-Z0-9_-]{1,64}$`,
 * Google the same starting with a letter or an underscore.
 */
const MAX_LENGTH = 64;
const allowed = /[^A-Za-z0-9_-]/g;

const shortHash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 6);

/** Cuts `text` to `length`, keeping it distinct from other cut names by a hash of the whole. */
function fit(text: string, length: number): string {
  return text.length <= length ? text : `${text.slice(0, length - 7)}_${shortHash(text)}`;
}

/**
 * The plugin key and function name of an MCP tool: `<tool>_mcp_<server>` as LibreChat names it,
 * with characters a provider refuses replaced by `_`, a leading digit or dash prefixed with `_`,
 * and a name longer than 64 characters shortened (tool part first) with a hash so two long names stay apart.
 */
export function mcpToolKey(tool: string, server: string): string {
  let toolPart = tool.replace(allowed, '_') || '_';
  if (!/^[A-Za-z_]/.test(toolPart)) toolPart = `_${toolPart}`;
  const serverPart = fit(server.replace(allowed, '_') || '_', 24);
  const room = MAX_LENGTH - MCP_DELIMITER.length - serverPart.length;
  return `${fit(toolPart, room)}${MCP_DELIMITER}${serverPart}`;
}
