import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError } from './config-error.js';
import { prepareDataDir } from './data-dir.js';
import type { Secrets } from './types.js';

export const SECRETS_FILE = 'secrets.json';

const secretNames = ['JWT_SECRET', 'JWT_REFRESH_SECRET', 'CREDS_KEY'] as const;

export type SecretName = (typeof secretNames)[number];

type SecretValues = Partial<Record<SecretName, string>>;

const credsKeyPattern = /^[0-9a-fA-F]{64}$/;

/**
 * The server's secrets: the environment wins; otherwise `<dataDir>/secrets.json`; otherwise they are
 * generated once and saved there (mode 0600), so a laptop start needs no setup and restarts keep
 * sessions and stored user keys valid. `generated` names what was created by this call.
 */
export function ensureSecrets(
  dataDir: string,
  env: Partial<Record<SecretName, string | undefined>>,
): { secrets: Secrets; generated: SecretName[] } {
  const fromEnv: SecretValues = {};
  for (const name of secretNames) {
    const value = env[name]?.trim();
    if (value) fromEnv[name] = value;
  }
  if (fromEnv.CREDS_KEY !== undefined && !credsKeyPattern.test(fromEnv.CREDS_KEY)) {
    throw new ConfigError([{ path: 'CREDS_KEY', message: 'must be 64 hex characters (32 bytes), e.g. from `openssl rand -hex 32`' }], 'Invalid environment');
  }
  const missing = secretNames.filter((name) => fromEnv[name] === undefined);
  if (missing.length === 0) return { secrets: toSecrets(fromEnv), generated: [] };

  const file = path.join(dataDir, SECRETS_FILE);
  const stored = readSecretsFile(file);
  const generated = missing.filter((name) => stored[name] === undefined);
  for (const name of generated) stored[name] = randomBytes(32).toString('hex');
  if (generated.length > 0) writeSecretsFile(file, stored);
  return { secrets: toSecrets({ ...stored, ...fromEnv }), generated };
}

function readSecretsFile(file: string): SecretValues {
  if (!existsSync(file)) return {};
  let content: unknown;
  try {
    content = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    // Regenerating here would silently make every stored user key undecryptable.
    throw new ConfigError([{ path: file, message: `not valid JSON (${(error as Error).message}); fix or remove it` }], 'Invalid secrets file');
  }
  if (content === null || typeof content !== 'object' || Array.isArray(content)) {
    throw new ConfigError([{ path: file, message: 'expected a JSON object of secrets' }], 'Invalid secrets file');
  }
  const values: SecretValues = {};
  for (const name of secretNames) {
    const value = (content as Record<string, unknown>)[name];
    if (value === undefined) continue;
    if (typeof value !== 'string' || value === '' || (name === 'CREDS_KEY' && !credsKeyPattern.test(value))) {
      throw new ConfigError([{ path: `${file}: ${name}`, message: name === 'CREDS_KEY' ? 'must be 64 hex characters' : 'must be a non-empty string' }], 'Invalid secrets file');
    }
    values[name] = value;
  }
  return values;
}

/** Written beside and renamed into place, so a crash never leaves half a file; 0600 because these are keys. */
function writeSecretsFile(file: string, values: SecretValues): void {
  prepareDataDir(path.dirname(file));
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(values, null, 2)}\n`, { mode: 0o600 });
  chmodSync(temporary, 0o600);
  renameSync(temporary, file);
}

function toSecrets(values: SecretValues): Secrets {
  return { jwtSecret: values.JWT_SECRET!, jwtRefreshSecret: values.JWT_REFRESH_SECRET!, credsKey: values.CREDS_KEY!.toLowerCase() };
}
