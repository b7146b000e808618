import { describe, expect, it } from 'vitest';
import { validateConfig } from '../validate.js';

const check = (fileConfig: unknown) => validateConfig({ version: '1.0.6', fileConfig }, {});

describe('fileConfig', () => {
  it('accepts per-endpoint rules, including a custom endpoint name, and the server limits', () => {
    const fileConfig = {
      endpoints: {
        assistants: { fileLimit: 5, fileSizeLimit: 10, totalSizeLimit: 50, supportedMimeTypes: ['image/.*', 'application/pdf'] },
        default: { disabled: false },
        Ollama: { disabled: true },
      },
      serverFileSizeLimit: 100,
      avatarSizeLimit: 2,
    };
    const { config, errors } = check(fileConfig);
    expect(errors).toEqual([]);
    expect(config?.fileConfig).toEqual(fileConfig);
  });

  it('reports bad limits and a bad MIME pattern with their paths', () => {
    const { errors } = check({
      endpoints: { openAI: { fileLimit: 1.5, supportedMimeTypes: ['image/(png'] } },
      avatarSizeLimit: -1,
    });
    expect(errors).toEqual([
      { path: 'fileConfig.endpoints.openAI.fileLimit', message: expect.stringMatching(/int/i) },
      { path: 'fileConfig.endpoints.openAI.supportedMimeTypes[0]', message: 'not a valid regular expression' },
      { path: 'fileConfig.avatarSizeLimit', message: expect.stringContaining('>=0') },
    ]);
  });
});
