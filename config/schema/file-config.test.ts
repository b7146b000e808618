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

  it('reports bad limits with their paths', () => {
    const { errors } = check({
      endpoints: { openAI: { fileLimit: 1.5, supportedMimeTypes: [7] } },
      avatarSizeLimit: -1,
      userStorageLimit: 'lots',
      clientImageResize: { quality: 2, compressFormat: 'gif' },
    });
    expect(errors).toEqual([
      { path: 'fileConfig.endpoints.openAI.fileLimit', message: expect.stringMatching(/int/i) },
      { path: 'fileConfig.endpoints.openAI.supportedMimeTypes[0]', message: expect.stringContaining('string') },
      { path: 'fileConfig.avatarSizeLimit', message: expect.stringContaining('>=0') },
      { path: 'fileConfig.userStorageLimit', message: expect.stringContaining('number') },
      { path: 'fileConfig.clientImageResize.quality', message: expect.stringContaining('<=1') },
      { path: 'fileConfig.clientImageResize.compressFormat', message: expect.stringContaining('jpeg') },
    ]);
  });

  it('loads a file with a MIME pattern that is not a regular expression (LibreChat does; it is skipped later with a warning)', () => {
    const { errors, config } = check({ endpoints: { openAI: { supportedMimeTypes: ['image/(png', '^text/plain$'] } } });
    expect(errors).toEqual([]);
    expect(config?.fileConfig?.endpoints?.openAI.supportedMimeTypes).toEqual(['image/(png', '^text/plain$']);
  });

  it('accepts the keys of later LibreChat versions and the per-user quota', () => {
    const fileConfig = {
      userStorageLimit: 1024,
      imageGeneration: { percentage: 50, px: 512 },
      clientImageResize: { enabled: true, maxWidth: 1900, maxHeight: 1900, quality: 0.92, compressFormat: 'webp' },
    };
    const { errors, config, ignored } = check(fileConfig);
    expect(errors).toEqual([]);
    expect(config?.fileConfig).toEqual(fileConfig);
    // The limits and the quota are enforced by the upload routes; image resizing and generation are not done yet.
    expect(ignored).toEqual([{ section: 'fileConfig', keys: ['imageGeneration', 'clientImageResize'] }]);
  });
});
