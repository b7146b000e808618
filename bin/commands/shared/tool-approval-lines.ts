import { defaultToolsConfig, type ConfigIssue, type LibreChatConfig } from '../../../config/index.js';
import { MCP_DELIMITER } from '../../../core/tools/mcp/mcp-tool-name.js';
import { durationText } from '../../../core/tools/run-tool-call.js';

/**
 * What `chatbox config check` says of tool approval: a key of `tools.requiresApproval` that names
 * no built-in tool and cannot be an MCP tool (a typo would otherwise let the tool run unasked), and
 * one line listing what waits for the user, so the operator sees the marks took.
 */
export function toolApprovalReport(config: LibreChatConfig, toolKeys: readonly string[]): { warnings: ConfigIssue[]; line: string | null } {
  const keys = config.tools?.requiresApproval ?? [];
  const warnings = keys.flatMap((key, index) =>
    toolKeys.includes(key) || key.includes(MCP_DELIMITER) ? [] : [{ path: `tools.requiresApproval[${index}]`, message: `"${key}" is no tool of chatbox (${toolKeys.join(', ')}, or an MCP tool's <tool>${MCP_DELIMITER}<server>)` }],
  );
  const servers = Object.entries(config.mcpServers ?? {}).flatMap(([name, server]) =>
    server.requiresApproval === undefined ? [] : [`MCP server ${name} (${server.requiresApproval === true ? 'every tool' : server.requiresApproval.join(', ')})`],
  );
  const marked = [...keys, ...servers];
  if (marked.length === 0) return { warnings, line: null };
  const timeout = durationText((config.tools ?? defaultToolsConfig).approvalTimeout);
  return { warnings, line: `tool calls that wait for the user's approval (denied after ${timeout}): ${marked.join('; ')}` };
}
