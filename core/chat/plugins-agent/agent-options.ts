import { endpointOptionsSchema } from '../../protocol/preset.js';
import type { EndpointOptions } from '../../store/repositories/common.js';

/**
 * How the plugins endpoint (gptPlugins) runs a turn with tools: LibreChat's `agentOptions`.
 * - `functions`: the model calls the tools natively (the agent loop of every endpoint).
 * - `classic`: a text ReAct loop for models without tool calling (classic-agent.ts).
 * - `skipCompletion` (LibreChat's default): the agent's answer is the reply; otherwise a completion
 *   pass with the conversation's model and temperature writes the reply from what the agent did.
 * - `model` and `temperature`: the agent's own, for its steps.
 */
export interface PluginsAgentSettings {
  agent: 'functions' | 'classic';
  skipCompletion: boolean;
  model: string;
  temperature: number;
}

/**
 * The conversation's agentOptions with LibreChat's defaults (`functions`, skipCompletion on,
 * temperature 0). Without an agent model the conversation's own model runs the agent: LibreChat's
 * default `gpt-3.5-turbo` may not be offered here.
 */
export function pluginsAgentSettings(stored: EndpointOptions['agentOptions'], conversationModel: string): PluginsAgentSettings {
  // Checked when it came in; a conversation saved by an older version may hold anything.
  const parsed = endpointOptionsSchema.shape.agentOptions.safeParse(stored);
  const options = parsed.success ? parsed.data : undefined;
  return {
    agent: options?.agent ?? 'functions',
    skipCompletion: options?.skipCompletion ?? true,
    model: options?.model || conversationModel,
    temperature: options?.temperature ?? 0,
  };
}
