import { describe, expect, it } from 'vitest';
import { validateConfig } from '../validate.js';

const check = (tools: unknown) => validateConfig({ version: '1.2.8', tools }, {});

describe('tools', () => {
  it('lists the plugin keys whose calls wait for approval, with the wait in milliseconds (two minutes unless set)', () => {
    expect(check({ requiresApproval: ['dalle', 'web-browser'] })).toMatchObject({ errors: [], warnings: [], config: { tools: { requiresApproval: ['dalle', 'web-browser'], approvalTimeout: 120_000 } } });
    expect(check({ requiresApproval: ['add_mcp_math'], approvalTimeout: 30_000 }).config?.tools).toEqual({ requiresApproval: ['add_mcp_math'], approvalTimeout: 30_000 });
    expect(validateConfig({ version: '1.2.8' }, {}).config?.tools).toBeUndefined();
  });

  it('says where a wrong value is', () => {
    expect(check({ requiresApproval: 'dalle' }).errors).toEqual([expect.objectContaining({ path: 'tools.requiresApproval' })]);
    expect(check({ requiresApproval: [''] }).errors).toEqual([{ path: 'tools.requiresApproval[0]', message: 'a plugin key, e.g. dalle' }]);
    expect(check({ approvalTimeout: 0 }).errors).toEqual([{ path: 'tools.approvalTimeout', message: 'milliseconds, more than 0' }]);
    expect(check({ approvalTimeout: 1.5 }).errors).toEqual([expect.objectContaining({ path: 'tools.approvalTimeout' })]);
  });

  it('warns of a key it does not know, as every section does', () => {
    expect(check({ requireApproval: ['dalle'] }).warnings).toEqual([{ path: 'tools.requireApproval', message: 'unknown key "requireApproval" is ignored' }]);
  });
});
