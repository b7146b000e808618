import { describe, expect, it } from 'vitest';
import { envSchema } from './env.js';
import { uploadRateLimits } from './upload-rate-limits.js';
import { validateConfig } from './validate.js';

const yamlRateLimits = (rateLimits: unknown) => {
  const { config, errors } = validateConfig({ version: '1.0.6', rateLimits }, {});
  expect(errors).toEqual([]);
  return config?.rateLimits;
};

describe('uploadRateLimits', () => {
  it("has LibreChat's defaults with nothing set: 100 per IP and 50 per user, each per 15 minutes", () => {
    expect(uploadRateLimits(envSchema.parse({}), undefined)).toEqual({ ip: { max: 100, windowInMinutes: 15 }, user: { max: 50, windowInMinutes: 15 } });
  });

  it('reads the environment variables', () => {
    const env = envSchema.parse({ FILE_UPLOAD_IP_MAX: '20', FILE_UPLOAD_IP_WINDOW: '5', FILE_UPLOAD_USER_MAX: '10', FILE_UPLOAD_USER_WINDOW: '60' });
    expect(uploadRateLimits(env, undefined)).toEqual({ ip: { max: 20, windowInMinutes: 5 }, user: { max: 10, windowInMinutes: 60 } });
  });

  it('lets each key of yaml rateLimits.fileUploads win over its variable, and the variables fill the rest', () => {
    const env = envSchema.parse({ FILE_UPLOAD_IP_MAX: '20', FILE_UPLOAD_USER_WINDOW: '60' });
    const yaml = yamlRateLimits({ fileUploads: { ipMax: 7, userMax: 3 } });
    expect(uploadRateLimits(env, yaml)).toEqual({ ip: { max: 7, windowInMinutes: 15 }, user: { max: 3, windowInMinutes: 60 } });
    const windows = yamlRateLimits({ fileUploads: { ipWindowInMinutes: 1, userWindowInMinutes: 2 } });
    expect(uploadRateLimits(env, windows)).toEqual({ ip: { max: 20, windowInMinutes: 1 }, user: { max: 50, windowInMinutes: 2 } });
  });

  it('refuses a variable that is not a number', () => {
    expect(envSchema.safeParse({ FILE_UPLOAD_USER_MAX: 'many' }).success).toBe(false);
  });

  it('is not listed as ignored: the upload routes enforce it', () => {
    const { ignored } = validateConfig({ version: '1.0.6', rateLimits: { fileUploads: { ipMax: 7 } } }, {});
    expect(ignored).toEqual([]);
  });
});
