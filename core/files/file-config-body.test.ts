import { describe, expect, it } from 'vitest';
import { validateConfig } from '../../config/validate.js';
import { fileConfigBody } from './file-config-body.js';

describe('fileConfigBody (GET /api/files/config)', () => {
  it("is the yaml's fileConfig as written: sizes in MB, MIME patterns as strings (wave2 notes §1.3)", () => {
    const yaml = {
      endpoints: {
        assistants: { fileLimit: 5, fileSizeLimit: 10, totalSizeLimit: 50, supportedMimeTypes: ['image/.*', 'application/pdf'] },
        openAI: { disabled: true },
        default: { totalSizeLimit: 20 },
      },
      serverFileSizeLimit: 100,
      avatarSizeLimit: 2,
    };
    const { config } = validateConfig({ version: '1.0.6', fileConfig: yaml }, {});
    const body = fileConfigBody(config?.fileConfig);
    expect(body).toEqual(yaml);
    // What goes over the wire is exactly that JSON: no bytes, no RegExp objects turned into {}.
    expect(JSON.parse(JSON.stringify(body))).toEqual(yaml);
  });

  it('is null without a fileConfig (LibreChat answers an empty body and its client uses its defaults)', () => {
    expect(fileConfigBody(undefined)).toBeNull();
  });

  it('is a copy: a route that decorates it cannot change the loaded configuration', () => {
    const fileConfig = { endpoints: { default: { fileLimit: 2 } } };
    const body = fileConfigBody(fileConfig);
    if (body?.endpoints) body.endpoints.default.fileLimit = 99;
    expect(fileConfig.endpoints.default.fileLimit).toBe(2);
  });
});
