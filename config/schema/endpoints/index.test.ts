import { describe, expect, it } from 'vitest';
import { validateConfig } from '../../validate.js';

describe('endpoints', () => {
  it.each([[{}], [null]])('needs at least one field (%j)', (endpoints) => {
    expect(validateConfig({ version: '1.0.6', endpoints }, {}).errors).toEqual([
      { path: 'endpoints', message: 'At least one `endpoints` field must be provided.' },
    ]);
  });

  it('only warns about an endpoints section holding keys of a newer version', () => {
    const { errors, warnings, config } = validateConfig({ version: '1.0.6', endpoints: { agents: { disableBuilder: true } } }, {});
    expect(errors).toEqual([]);
    expect(warnings).toEqual([{ path: 'endpoints.agents', message: 'unknown key "agents" is ignored' }]);
    expect(config?.endpoints).toBeUndefined();
  });
});
