import type { AssistantCapability } from '../../config/index.js';
import { ValidationError } from '../errors/index.js';
import type { AssistantToolInput } from '../protocol/assistants.js';
import type { AssistantFunction, AssistantTool } from '../store/repositories/assistants.js';
import type { ResolvedTool, ToolCatalogue } from '../tools/tool-catalogue.js';

/** LibreChat's `image_vision` function, which the builder adds when its vision box is ticked (wave2 notes §2.5). */
export const imageVisionTool: { type: 'function'; function: AssistantFunction } = {
  type: 'function',
  function: { name: 'image_vision', description: 'Get detailed text descriptions for all current image attachments.', parameters: { type: 'object', properties: {}, required: [] } },
};

/** LibreChat names an action's functions `<operationId>_action_<encoded domain>`. */
export const actionDelimiter = '_action_';

/** The capability (librechat.yaml `endpoints.assistants.capabilities`) a tool needs. */
export function capabilityOf(tool: AssistantTool): AssistantCapability {
  if (tool.type !== 'function') return tool.type;
  if (tool.function.name === imageVisionTool.function.name) return 'image_vision';
  return tool.function.name.includes(actionDelimiter) ? 'actions' : 'tools';
}

/** A catalogue tool by its plugin key, else by its function name (what an assistant's function tool stores). */
export const findCatalogueTool = (catalogue: ToolCatalogue, name: string): ResolvedTool | undefined =>
  catalogue.find(name) ?? catalogue.list().find(({ tool }) => tool.name === name);

/** A catalogue tool (by its plugin key, else its function name) as the function tool the model sees. */
function catalogueFunction(catalogue: ToolCatalogue, name: string): AssistantTool | undefined {
  const found = findCatalogueTool(catalogue, name);
  if (!found) return undefined;
  const { tool } = found;
  return { type: 'function', function: { name: tool.name, description: tool.description, parameters: { ...tool.inputSchema } } };
}

/** Same tool twice (two ticks of code interpreter, one function listed twice) is kept once. */
const identity = (tool: AssistantTool) => (tool.type === 'function' ? `function:${tool.function.name}` : tool.type);

/**
 * The `tools` of a create or update as LibreChat's builder sends them, as stored tools: a name from
 * GET /api/assistants/tools (or `image_vision`) becomes its full function definition, an unknown name
 * is dropped as LibreChat drops it (a tool the server no longer offers must not block saving), tool
 * objects are kept. A tool whose capability the yaml leaves out is refused.
 */
export function resolveAssistantTools(inputs: readonly AssistantToolInput[], catalogue: ToolCatalogue, capabilities: readonly AssistantCapability[]): AssistantTool[] {
  const tools = new Map<string, AssistantTool>();
  for (const input of inputs) {
    const tool = typeof input !== 'string' ? input : input === imageVisionTool.function.name ? imageVisionTool : catalogueFunction(catalogue, input);
    if (!tool) continue;
    const capability = capabilityOf(tool);
    if (!capabilities.includes(capability)) {
      const label = tool.type === 'function' ? `the tool "${tool.function.name}"` : tool.type;
      throw new ValidationError(`Assistants on this server cannot use ${label}: the ${capability} capability is off`, { capability });
    }
    tools.set(identity(tool), tool);
  }
  return [...tools.values()];
}
