import { z } from 'zod';

/** How many model calls one turn with tools makes at most when the yaml does not say. */
export const DEFAULT_AGENT_STEPS = 10;

/**
 * `endpoints.agents`: LibreChat's agents endpoint. chatbox reads only the step limit of its agent
 * loop from here (every other key of LibreChat's section is listed as ignored):
 * - `recursionLimit`: the most model calls of one turn with tools (each call and the tools it asks
 *   for is one step); the reply gets a note when it is reached. LibreChat counts LangGraph steps
 *   (a model call and its tool run are two), so the same number is at least as generous here.
 * - `maxRecursionLimit`: caps `recursionLimit`, as in LibreChat.
 * Both are clamped to MAX_AGENT_STEPS.
 */
export const agentsEndpointSchema = z.strictObject({
  recursionLimit: z.number().int().min(1).optional(),
  maxRecursionLimit: z.number().int().min(1).optional(),
});

/** However high a file sets it (LibreChat has no ceiling), one reply makes at most this many model calls. */
export const MAX_AGENT_STEPS = 100;

export type AgentsEndpointConfig = z.output<typeof agentsEndpointSchema>;

/** The agent loop's step limit a configuration asks for. */
export function agentStepLimit(agents: AgentsEndpointConfig | undefined): number {
  const limit = agents?.recursionLimit ?? DEFAULT_AGENT_STEPS;
  return Math.min(limit, agents?.maxRecursionLimit ?? limit, MAX_AGENT_STEPS);
}
