import { existsSync } from 'node:fs';
import path from 'node:path';
import { ConfigError } from './config-error.js';
import { balanceSettings } from './balance-settings.js';
import { envSchema, type ServerEnv } from './env.js';
import { formatIgnored } from './ignored-settings.js';
import { formatIssue, type ConfigIssue } from './issues.js';
import { isHttpLocation, parseYaml, readConfigText } from './read-source.js';
import { SUPPORTED_CONFIG_VERSION } from './schema/index.js';
import { SECRETS_FILE, ensureSecrets } from './secrets.js';
import type { ChatboxConfig } from './types.js';
import { validateConfig, type ConfigValidation, type ValidateOptions } from './validate.js';

export interface LoadConfigOptions extends ValidateOptions {
  /** An explicit librechat.yaml (e.g. from `--config`); it must exist. */
  configPath?: string;
  dataDir: string;
  env: NodeJS.ProcessEnv;
  /** Where relative paths and the default ./librechat.yaml are looked up; process.cwd() by default. */
  cwd?: string;
}

/**
 * Reads everything the server needs once, at boot, and fails fast: any problem in the environment
 * or the yaml throws one ConfigError listing all of them with their paths.
 */
export async function loadConfig(options: LoadConfigOptions): Promise<ChatboxConfig> {
  const cwd = options.cwd ?? process.cwd();
  const dataDir = path.resolve(cwd, options.dataDir);
  const env = parseEnv(options.env);
  const location = resolveConfigLocation(options.configPath, env.CONFIG_PATH, cwd);

  const validation = location === null ? validateConfig({ version: SUPPORTED_CONFIG_VERSION }, options.env, options) : await validateLocation(location, options.env, options);
  if (validation.errors.length > 0 || validation.config === null) {
    throw new ConfigError(validation.errors, `Invalid configuration in ${location ?? 'the built-in defaults'}`);
  }

  const { secrets, generated } = ensureSecrets(dataDir, env);
  const warnings = validation.warnings.map(formatIssue);
  const ignored = formatIgnored(validation.ignored);
  if (ignored !== null) warnings.push(ignored);
  if (generated.length > 0) {
    warnings.push(`generated ${generated.join(', ')} into ${path.join(dataDir, SECRETS_FILE)}; set them in the environment to manage them yourself`);
  }
  const balance = balanceSettings(env, options.env, validation.config.balance);
  return { dataDir, configPath: location, yaml: validation.config, env, rawEnv: { ...options.env }, secrets, balance, warnings };
}

/**
 * Checks one config file (or URL) without throwing, for `chatbox config validate`: syntax errors,
 * schema errors and warnings, each with its position or yaml path, the ignored settings, and the
 * parsed configuration when it is valid.
 */
export async function validateConfigFile(location: string, env: NodeJS.ProcessEnv, options: ValidateOptions = {}): Promise<ConfigValidation> {
  return validateLocation(location, env, options);
}

async function validateLocation(location: string, env: NodeJS.ProcessEnv, options: ValidateOptions): Promise<ConfigValidation> {
  const source = await readConfigText(location);
  if ('error' in source) return { config: null, errors: [source.error], warnings: [], ignored: [] };
  const parsed = parseYaml(source.text);
  if (parsed.errors.length > 0) return { config: null, errors: parsed.errors, warnings: parsed.warnings, ignored: [] };
  const validation = validateConfig(parsed.document, env, options);
  return { ...validation, warnings: [...parsed.warnings, ...validation.warnings] };
}

/** Explicit path, then CONFIG_PATH, then ./librechat.yaml if present, else none (defaults). */
function resolveConfigLocation(explicit: string | undefined, fromEnv: string | undefined, cwd: string): string | null {
  const chosen = explicit ?? fromEnv;
  if (chosen !== undefined) {
    if (isHttpLocation(chosen)) return chosen;
    const absolute = path.resolve(cwd, chosen);
    if (!existsSync(absolute)) {
      throw new ConfigError([{ path: explicit !== undefined ? 'configPath' : 'CONFIG_PATH', message: `file not found: ${absolute}` }]);
    }
    return absolute;
  }
  const fallback = path.join(cwd, 'librechat.yaml');
  return existsSync(fallback) ? fallback : null;
}

function parseEnv(env: NodeJS.ProcessEnv): ServerEnv {
  const result = envSchema.safeParse(env);
  if (result.success) return result.data;
  throw invalidEnvironment(result.error.issues);
}

/** The error for bad environment variables, named by variable: core's, or those a plugin declares. */
export function invalidEnvironment(issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }>): ConfigError {
  const found: ConfigIssue[] = issues.map((issue) => ({ path: String(issue.path[0] ?? ''), message: issue.message }));
  return new ConfigError(found, 'Invalid environment');
}
