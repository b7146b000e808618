export { loadConfig, validateConfigFile, type LoadConfigOptions } from './load-config.js';
export { validateConfig, type ConfigValidation } from './validate.js';
export { ensureSecrets, SECRETS_FILE, type SecretName } from './secrets.js';
export { interpolateEnv, isUserProvided, isEnvReference, USER_PROVIDED, type InterpolationWarning } from './interpolate.js';
export { formatIssue, formatPath, type ConfigIssue } from './issues.js';
export { parseYaml } from './read-source.js';
export { envSchema, type ServerEnv } from './env.js';
export type { ChatboxConfig, Secrets } from './types.js';
export * from './schema/index.js';
