import { describe, expect, it } from 'vitest';
import { validateConfig } from '../../config/validate.js';
import { byteLimitsForUpload, limitsForEndpoint, megabyte, resolveFileLimits } from './file-limits.js';
import { defaultSupportedMimeTypes, isMimeTypeSupported } from './mime-patterns.js';

const noWarnings = (message: string) => {
  throw new Error(`unexpected warning: ${message}`);
};

describe('resolveFileLimits', () => {
  it('without a fileConfig has spec 001 §9 defaults: 10 files, 512 MB each and in total, avatar 2 MB, no quota', () => {
    const limits = resolveFileLimits(undefined, noWarnings);
    expect(limits.serverFileSizeLimit).toBe(512 * megabyte);
    expect(limits.avatarSizeLimit).toBe(2 * megabyte);
    expect(limits.userStorageLimit).toBeNull();
    for (const endpoint of ['default', 'assistants', 'openAI', 'custom', 'anthropic']) {
      expect(limitsForEndpoint(limits, endpoint)).toEqual({
        disabled: false, fileLimit: 10, fileSizeLimit: 512 * megabyte, totalSizeLimit: 512 * megabyte, supportedMimeTypes: defaultSupportedMimeTypes,
      });
    }
  });

  it('the default patterns accept what LibreChat accepts and nothing else', () => {
    const accepts = (type: string) => isMimeTypeSupported(type, defaultSupportedMimeTypes);
    for (const type of ['text/plain', 'text/x-python', 'text/csv', 'application/pdf', 'application/json', 'image/png', 'image/webp',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'application/vnd.ms-excel', 'application/zip']) {
      expect(accepts(type), type).toBe(true);
    }
    for (const type of ['image/svg+xml', 'image/bmp', 'image/heic', 'application/x-msdownload', 'text/plain; charset=utf-8', 'application/octet-stream']) {
      expect(accepts(type), type).toBe(false);
    }
  });

  it('converts MB to bytes, merges per endpoint, lets a new key inherit from the merged default, and zeroes a disabled one', () => {
    const limits = resolveFileLimits({
      serverFileSizeLimit: 100,
      avatarSizeLimit: 0.5,
      userStorageLimit: 1024,
      endpoints: {
        default: { fileLimit: 3, totalSizeLimit: 30 },
        openAI: { fileSizeLimit: 8, supportedMimeTypes: ['^image/.*$'] },
        google: { disabled: true, fileLimit: 9 },
      },
    }, noWarnings);
    expect(limits.serverFileSizeLimit).toBe(100 * megabyte);
    expect(limits.avatarSizeLimit).toBe(megabyte / 2);
    expect(limits.userStorageLimit).toBe(1024 * megabyte);
    expect(limitsForEndpoint(limits, 'default')).toMatchObject({ fileLimit: 3, fileSizeLimit: 512 * megabyte, totalSizeLimit: 30 * megabyte });
    const openAI = limitsForEndpoint(limits, 'openAI');
    expect(openAI).toMatchObject({ disabled: false, fileLimit: 3, fileSizeLimit: 8 * megabyte, totalSizeLimit: 30 * megabyte });
    expect(isMimeTypeSupported('image/png', openAI.supportedMimeTypes)).toBe(true);
    expect(isMimeTypeSupported('application/pdf', openAI.supportedMimeTypes)).toBe(false);
    expect(limitsForEndpoint(limits, 'google')).toEqual({ disabled: true, fileLimit: 0, fileSizeLimit: 0, totalSizeLimit: 0, supportedMimeTypes: [] });
    // assistants keeps LibreChat's own defaults, not the yaml's `default`.
    expect(limitsForEndpoint(limits, 'assistants')).toMatchObject({ fileLimit: 10, totalSizeLimit: 512 * megabyte });
    // An endpoint the yaml does not name, and a key that is an Object.prototype member, get `default`'s rules.
    expect(limitsForEndpoint(limits, 'anthropic')).toBe(limitsForEndpoint(limits, 'default'));
    expect(limitsForEndpoint(limits, 'constructor')).toBe(limitsForEndpoint(limits, 'default'));
  });

  it('skips an invalid MIME pattern with a warning naming it, and keeps the valid ones', () => {
    const warnings: string[] = [];
    const limits = resolveFileLimits({ endpoints: { custom: { supportedMimeTypes: ['image/(png', '^text/plain$'] } } }, (message) => warnings.push(message));
    expect(warnings).toEqual(['fileConfig: the MIME pattern "image/(png" is not a valid regular expression and is skipped']);
    const custom = limitsForEndpoint(limits, 'custom');
    expect(custom.supportedMimeTypes.map(String)).toEqual(['/^text\\/plain$/']);
  });

  it('resolves what the config validator parsed from a LibreChat file', () => {
    const { config, errors } = validateConfig({ version: '1.0.6', fileConfig: { endpoints: { assistants: { fileLimit: 5, fileSizeLimit: 10 } }, serverFileSizeLimit: 20 } }, {});
    expect(errors).toEqual([]);
    const limits = resolveFileLimits(config?.fileConfig, noWarnings);
    expect(limitsForEndpoint(limits, 'assistants')).toMatchObject({ fileLimit: 5, fileSizeLimit: 10 * megabyte });
    expect(limits.serverFileSizeLimit).toBe(20 * megabyte);
  });

  it('gives an upload the smaller of its endpoint and server size limits, the request total and the quota', () => {
    const limits = resolveFileLimits({ serverFileSizeLimit: 50, userStorageLimit: 200, endpoints: { openAI: { fileSizeLimit: 80, totalSizeLimit: 100 }, custom: { fileSizeLimit: 5 } } }, noWarnings);
    expect(byteLimitsForUpload(limits, 'openAI', { bytesEarlierInRequest: 7, userStorageUsed: 9 })).toEqual({
      fileSizeLimit: 50 * megabyte, totalSizeLimit: 100 * megabyte, bytesEarlierInRequest: 7, userStorageLimit: 200 * megabyte, userStorageUsed: 9,
    });
    expect(byteLimitsForUpload(limits, 'custom', { bytesEarlierInRequest: 0, userStorageUsed: 0 }).fileSizeLimit).toBe(5 * megabyte);
    expect(byteLimitsForUpload(resolveFileLimits(undefined, noWarnings), 'google', { bytesEarlierInRequest: 0, userStorageUsed: 0 }).userStorageLimit).toBeNull();
  });
});
