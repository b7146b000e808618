import { describe, expect, it } from 'vitest';
import { validateConfig } from '../../validate.js';
import { agentStepLimit, DEFAULT_AGENT_STEPS } from './agents.js';

describe('endpoints', () => {
  it.each([[{}], [null]])('needs at least one field (%j)', (endpoints) => {
    expect(validateConfig({ version: '1.0.6', endpoints }, {}).errors).toEqual([
      { path: 'endpoints', message: 'At least one `endpoints` field must be provided.' },
    ]);
  });

  it('lists an endpoints section holding only endpoints chatbox lacks as ignored, not as an error', () => {
    const { errors, warnings, ignored, config } = validateConfig({ version: '1.2.1', endpoints: { bedrock: { availableRegions: ['us-east-1'] } } }, {});
    expect(errors).toEqual([]);
    expect(warnings).toEqual([]);
    expect(ignored).toEqual([{ section: 'endpoints', keys: ['bedrock'] }]);
    expect(config?.endpoints).toBeUndefined();
  });

  it('reads the agent loop\'s step limit from endpoints.agents and lists the agents keys it does not read as ignored', () => {
    const { errors, warnings, ignored, config } = validateConfig({ version: '1.2.1', endpoints: { agents: { recursionLimit: 25, maxRecursionLimit: 15, disableBuilder: true } } }, {});
    expect(errors).toEqual([]);
    expect(warnings).toEqual([]);
    expect(ignored).toEqual([{ section: 'endpoints.agents', keys: ['disableBuilder'] }]);
    expect(config?.endpoints?.agents).toEqual({ recursionLimit: 25, maxRecursionLimit: 15 });
    expect(agentStepLimit(config?.endpoints?.agents)).toBe(15);
    expect(agentStepLimit({ recursionLimit: 4 })).toBe(4);
    expect(agentStepLimit(undefined)).toBe(DEFAULT_AGENT_STEPS);
    expect(agentStepLimit({ recursionLimit: 5000 })).toBe(100);
    expect(DEFAULT_AGENT_STEPS).toBe(10);
  });

  it.each([0, 2.5, 'ten'])('refuses a recursionLimit of %j', (recursionLimit) => {
    expect(validateConfig({ version: '1.2.1', endpoints: { agents: { recursionLimit } } }, {}).errors).toEqual([{ path: 'endpoints.agents.recursionLimit', message: expect.any(String) }]);
  });

  it('still warns about an endpoint name LibreChat does not know either', () => {
    const { errors, warnings, config } = validateConfig({ version: '1.0.6', endpoints: { mistral: { apiKey: 'k' } } }, {});
    expect(errors).toEqual([]);
    expect(warnings).toEqual([{ path: 'endpoints.mistral', message: 'unknown key "mistral" is ignored' }]);
    expect(config?.endpoints).toBeUndefined();
  });
});
