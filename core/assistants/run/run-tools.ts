import type { AssistantCapability } from '../../../config/index.js';
import type { Assistant, AssistantFunction } from '../../store/repositories/assistants.js';
import type { ResolvedTool, ToolCatalogue } from '../../tools/tool-catalogue.js';
import type { AssistantsConnection } from '../assistants-endpoint.js';
import { capabilityOf, findCatalogueTool } from '../assistant-tools.js';
import type { CapabilityFactory, RunCapability } from './run-capability.js';

/**
 * Where a run gets the tools of the capabilities chatbox builds elsewhere (assistants/capabilities/,
 * wired in routes/assistants/routes.ts): the code interpreter's sandbox, retrieval over the
 * assistant's knowledge files, image_vision. Absent: the capability is not on this server, and a run of an assistant that
 * has it goes on without it (with a log line).
 */
export interface CapabilityToolFactories {
  code_interpreter?: CapabilityFactory;
  retrieval?: CapabilityFactory;
  image_vision?: CapabilityFactory;
  /** The tool of one OpenAPI action function (`<operation>_action_<domain>`), core/assistants/actions. */
  actions?: (context: { userId: string; assistant: Assistant; function: AssistantFunction }) => ResolvedTool;
}

/** Why a tool of the assistant is not offered to this run (logged, never the run's failure). */
export interface SkippedTool {
  tool: string;
  reason: string;
}

/**
 * The tools one run offers the model: the assistant's function tools that are installed tools of
 * this server (by the name the builder stored), and the capability tools the factories build. A
 * capability the yaml turned off since the assistant was saved is left out; OpenAPI actions come
 * with their own issue.
 */
export function resolveRunTools(input: {
  assistant: Assistant;
  catalogue: ToolCatalogue;
  capabilities: readonly AssistantCapability[];
  factories: CapabilityToolFactories;
  userId: string;
  conversationId: string;
  model: string;
  connection: AssistantsConnection;
}): { tools: ResolvedTool[]; skipped: SkippedTool[]; capabilities: RunCapability[] } {
  const tools: ResolvedTool[] = [];
  const skipped: SkippedTool[] = [];
  const capabilities: RunCapability[] = [];
  const build = (factory: CapabilityFactory, label: string) => {
    const made = factory({ userId: input.userId, conversationId: input.conversationId, assistant: input.assistant, model: input.model, connection: input.connection });
    if ('off' in made) {
      skipped.push({ tool: label, reason: made.off });
    } else {
      tools.push(made.resolved);
      capabilities.push(made);
    }
  };
  for (const tool of input.assistant.tools) {
    const capability = capabilityOf(tool);
    const label = tool.type === 'function' ? tool.function.name : tool.type;
    if (!input.capabilities.includes(capability)) {
      skipped.push({ tool: label, reason: `the ${capability} capability is off (endpoints.assistants.capabilities)` });
      continue;
    }
    if (tool.type !== 'function') {
      const factory = input.factories[tool.type];
      if (factory) build(factory, label);
      else skipped.push({ tool: label, reason: `${tool.type} is not available on this server yet` });
      continue;
    }
    if (capability === 'actions' && input.factories.actions) {
      tools.push(input.factories.actions({ userId: input.userId, assistant: input.assistant, function: tool.function }));
      continue;
    }
    if (capability === 'image_vision' && input.factories.image_vision) {
      build(input.factories.image_vision, label);
      continue;
    }
    if (capability !== 'tools') {
      skipped.push({ tool: label, reason: `${capability} tools do not run in chatbox's assistants yet` });
      continue;
    }
    const found = findCatalogueTool(input.catalogue, tool.function.name);
    if (found) tools.push(found);
    else skipped.push({ tool: label, reason: 'no installed tool of this server has that name' });
  }
  // One tool under one name: the model calls tools by name.
  const byName = new Map(tools.map((resolved) => [resolved.tool.name, resolved]));
  return { tools: [...byName.values()], skipped, capabilities };
}
