import { describe, expect, it } from 'vitest';
import { validateConfig } from '../../validate.js';

describe('endpoints', () => {
  it.each([[{}], [null]])('needs at least one field (%j)', (endpoints) => {
    expect(validateConfig({ version: '1.0.6', endpoints }, {}).errors).toEqual([
      { path: 'endpoints', message: 'At least one `endpoints` field must be provided.' },
    ]);
  });

  it('lists an endpoints section holding only endpoints chatbox lacks as ignored, not as an error', () => {
    const { errors, warnings, ignored, config } = validateConfig({ version: '1.2.1', endpoints: { agents: { disableBuilder: true } } }, {});
    expect(errors).toEqual([]);
    expect(warnings).toEqual([]);
    expect(ignored).toEqual([{ section: 'endpoints', keys: ['agents'] }]);
    expect(config?.endpoints).toBeUndefined();
  });

  it('still warns about an endpoint name LibreChat does not know either', () => {
    const { errors, warnings, config } = validateConfig({ version: '1.0.6', endpoints: { mistral: { apiKey: 'k' } } }, {});
    expect(errors).toEqual([]);
    expect(warnings).toEqual([{ path: 'endpoints.mistral', message: 'unknown key "mistral" is ignored' }]);
    expect(config?.endpoints).toBeUndefined();
  });
});
