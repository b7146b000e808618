import { z } from 'zod';

/** The config version this build understands; newer files still load, with a warning. */
export const SUPPORTED_CONFIG_VERSION = '1.3.13';

/**
 * `version`. YAML reads an unquoted `2.0` or `1` as a number, so numbers are accepted and turned
 * back into text (`2.0` becomes "2", which still compares as major version 2).
 */
export const versionSchema = z
  .union([z.string(), z.number()], { error: 'expected a version string such as 1.0.6' })
  .transform(String)
  .pipe(z.string().regex(/^\d+(\.\d+){0,2}$/, { error: 'expected a version such as 1.0.6' }));

/** True when `version` is beyond 1.3.x, i.e. may use settings this build does not know. */
export function isNewerThanSupported(version: string): boolean {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  const [supportedMajor, supportedMinor] = SUPPORTED_CONFIG_VERSION.split('.').map(Number);
  return major > supportedMajor || (major === supportedMajor && minor > supportedMinor);
}
