import type { ContentBlock, Tool as ListedTool } from '@modelcontextprotocol/sdk/types.js';
import type { ToolOutputPart } from '../../plugin-api/chat-content.js';
import type { Tool } from '../../plugin-api/index.js';
import { mcpToolKey } from './mcp-tool-name.js';

/** What an MCP tool needs of its server: who it is, and a way to call it now (or say it cannot). */
export interface McpToolServer {
  name: string;
  icon: string;
  /** The server's `timeout`: how long one call may take. */
  timeout: number;
  /** Calls the tool on the live connection; throws when the server is unavailable. */
  call(tool: string, input: unknown, signal: AbortSignal): Promise<{ content: ContentBlock[]; isError?: boolean; structuredContent?: unknown }>;
}

/** An MCP result's content as parts the model reads: text and images; other kinds described in a line. */
export function toOutputParts(content: readonly ContentBlock[], structured?: unknown): ToolOutputPart[] {
  const parts = content.map((block): ToolOutputPart => {
    switch (block.type) {
      case 'text':
        return { type: 'text', text: block.text };
      case 'image':
        return { type: 'image', url: `data:${block.mimeType};base64,${block.data}` };
      case 'resource':
        return { type: 'text', text: 'text' in block.resource ? block.resource.text : `[resource ${block.resource.uri}${block.resource.mimeType ? ` (${block.resource.mimeType})` : ''}]` };
      case 'resource_link':
        return { type: 'text', text: `[${block.name}](${block.uri})` };
      default:
        return { type: 'text', text: `[${block.type} content is not shown to the model]` };
    }
  });
  // A server may answer with structured content only (its output schema); the model reads it as JSON.
  if (parts.length === 0 && structured !== undefined) return [{ type: 'text', text: JSON.stringify(structured) }];
  return parts;
}

const textOf = (parts: ToolOutputPart[]) => parts.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('\n');

/**
 * One tool of an MCP server as a chatbox Tool, named `<tool>_mcp_<server>`: the server's input
 * schema, a store entry without credentials (the operator configured the server), the server's
 * timeout, and the turn's signal handed to the SDK so Stop cancels the request on the server too.
 */
export function toMcpTool(listed: ListedTool, server: McpToolServer): Tool {
  const title = listed.title ?? listed.annotations?.title ?? listed.name;
  const description = listed.description?.trim() || title;
  return {
    name: mcpToolKey(listed.name, server.name),
    description,
    inputSchema: listed.inputSchema,
    timeoutMs: server.timeout,
    manifest: { displayName: `${title} (${server.name})`, summary: description, icon: server.icon, credentials: [] },
    async execute(input, context) {
      const result = await server.call(listed.name, input, context.signal);
      const parts = toOutputParts(result.content, result.structuredContent);
      // The server's own failure report (isError) is what the model should read after "error processing tool".
      if (result.isError) throw new Error(textOf(parts) || `the MCP server "${server.name}" reported an error`);
      return parts;
    },
  };
}
