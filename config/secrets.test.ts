import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError } from './config-error.js';
import { ensureSecrets } from './secrets.js';

const hex64 = /^[0-9a-f]{64}$/;
let root: string;

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'chatbox-secrets-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('ensureSecrets', () => {
  it('generates all three into <dataDir>/secrets.json with mode 0600, creating the directory', () => {
    const dataDir = path.join(root, 'nested', 'data');
    const { secrets, generated } = ensureSecrets(dataDir, {});
    expect(generated).toEqual(['JWT_SECRET', 'JWT_REFRESH_SECRET', 'CREDS_KEY']);
    expect(secrets.jwtSecret).toMatch(hex64);
    expect(secrets.jwtRefreshSecret).toMatch(hex64);
    expect(secrets.credsKey).toMatch(hex64);
    expect(new Set(Object.values(secrets)).size).toBe(3);
    const file = path.join(dataDir, 'secrets.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      JWT_SECRET: secrets.jwtSecret,
      JWT_REFRESH_SECRET: secrets.jwtRefreshSecret,
      CREDS_KEY: secrets.credsKey,
    });
  });

  it('returns the same secrets on the next start and generates nothing', () => {
    const first = ensureSecrets(root, {});
    const second = ensureSecrets(root, {});
    expect(second.secrets).toEqual(first.secrets);
    expect(second.generated).toEqual([]);
  });

  it('prefers the environment and only generates what is missing', () => {
    const credsKey = 'ab'.repeat(32);
    const { secrets, generated } = ensureSecrets(root, { JWT_SECRET: 'from-env', CREDS_KEY: credsKey });
    expect(secrets.jwtSecret).toBe('from-env');
    expect(secrets.credsKey).toBe(credsKey);
    expect(generated).toEqual(['JWT_REFRESH_SECRET']);
    expect(Object.keys(JSON.parse(readFileSync(path.join(root, 'secrets.json'), 'utf8')))).toEqual(['JWT_REFRESH_SECRET']);
  });

  it('does not touch the data dir when the environment sets everything', () => {
    const dataDir = path.join(root, 'untouched');
    const { generated } = ensureSecrets(dataDir, { JWT_SECRET: 'a', JWT_REFRESH_SECRET: 'b', CREDS_KEY: 'C'.repeat(64) });
    expect(generated).toEqual([]);
    expect(() => statSync(dataDir)).toThrow();
  });

  it.each([['too-short'], ['g'.repeat(64)], ['a'.repeat(63)]])('refuses CREDS_KEY=%s with a ConfigError naming the variable', (value) => {
    const call = () => ensureSecrets(root, { CREDS_KEY: value });
    expect(call).toThrow(ConfigError);
    expect(call).toThrow(/CREDS_KEY: must be 64 hex characters/);
  });

  it('refuses a corrupt secrets file rather than regenerating (stored keys would become unreadable)', () => {
    writeFileSync(path.join(root, 'secrets.json'), '{ not json');
    expect(() => ensureSecrets(root, {})).toThrow(ConfigError);
    writeFileSync(path.join(root, 'secrets.json'), JSON.stringify({ CREDS_KEY: 'short' }));
    expect(() => ensureSecrets(root, {})).toThrow(/CREDS_KEY/);
  });
});
