import type { ChatSetup } from '../../../lib/chat-setup/index.js';

/** LibreChat's `agentOptions` with its four keys, as its client sends them once any is set. */
export interface AgentOptions {
  agent: 'functions' | 'classic';
  skipCompletion: boolean;
  model: string;
  temperature: number;
}

/** Spec 000 §5: the agent's temperature runs 0–1 and starts at 0 (the completion's is the plugins' .8). */
export const agentTemperature = { min: 0, max: 1, step: 0.01, default: 0 } as const;

/**
 * The setup's agent options with LibreChat's defaults filled in (functions, skip completion,
 * temperature 0). Without an agent model the chat's own model runs the agent: that is what the
 * server does too (core/chat/plugins-agent/agent-options.ts), so the settings show what will run.
 */
export function agentOptionsOf(setup: ChatSetup): AgentOptions {
  const stored = setup.agentOptions;
  return {
    agent: stored?.agent ?? 'functions',
    skipCompletion: stored?.skipCompletion ?? true,
    model: stored?.model || setup.model || '',
    temperature: stored?.temperature ?? agentTemperature.default,
  };
}

/** The change that sets one agent option: the whole object, so the ask body carries all four keys as LibreChat's does. */
export function agentOptionChange(setup: ChatSetup, patch: Partial<AgentOptions>): Pick<ChatSetup, 'agentOptions'> {
  return { agentOptions: { ...agentOptionsOf(setup), ...patch } };
}
