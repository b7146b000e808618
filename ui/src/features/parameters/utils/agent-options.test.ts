import { describe, expect, it } from 'vitest';
import { agentOptionChange, agentOptionsOf } from './agent-options.js';

describe('agentOptionsOf', () => {
  it("fills LibreChat's defaults, with the chat's model as the agent's", () => {
    expect(agentOptionsOf({ endpoint: 'gptPlugins', model: 'gpt-4o-mini' })).toEqual({ agent: 'functions', skipCompletion: true, model: 'gpt-4o-mini', temperature: 0 });
  });

  it('keeps what is set, an empty agent model included as unset', () => {
    const setup = { endpoint: 'gptPlugins', model: 'gpt-4o', agentOptions: { agent: 'classic' as const, skipCompletion: false, model: '', temperature: 0.4 } };
    expect(agentOptionsOf(setup)).toEqual({ agent: 'classic', skipCompletion: false, model: 'gpt-4o', temperature: 0.4 });
  });
});

describe('agentOptionChange', () => {
  it('writes all four keys, the changed one over the current ones', () => {
    const setup = { endpoint: 'gptPlugins', model: 'gpt-4o-mini', agentOptions: { skipCompletion: false } };
    expect(agentOptionChange(setup, { agent: 'classic' })).toEqual({ agentOptions: { agent: 'classic', skipCompletion: false, model: 'gpt-4o-mini', temperature: 0 } });
  });
});
