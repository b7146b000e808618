import type { z } from 'zod';
import { collectIgnored, type IgnoredGroup } from './ignored-settings.js';
import { interpolateEnv } from './interpolate.js';
import { formatPath, type ConfigIssue } from './issues.js';
import { SUPPORTED_CONFIG_VERSION, configSchema, isNewerThanSupported, type LibreChatConfig } from './schema/index.js';
import { libreChatKeyPatterns, matchesKeyPattern } from './schema/librechat-keys.js';
import { versionSchema } from './schema/version.js';

export interface ConfigValidation {
  /** The parsed configuration, or null when there is at least one error. */
  config: LibreChatConfig | null;
  errors: ConfigIssue[];
  warnings: ConfigIssue[];
  /** LibreChat settings the file uses that chatbox does not implement: listed once, never an error. */
  ignored: IgnoredGroup[];
}

export interface ValidateOptions {
  /**
   * The `endpoints.custom[].provider` names the server can serve: `openai` and the provider plugins
   * with `customEndpoint` (config cannot see plugins, so the caller that holds them says). Any other
   * name is listed as ignored. Default: the built-in ones, `customEndpointProviders`.
   */
  customEndpointProviders?: readonly string[];
}

/** Stripping unknown keys can only reveal more of them inside unions; a few rounds always settle it. */
const MAX_ROUNDS = 5;

/**
 * Validates a parsed librechat.yaml document: `${VAR}` interpolation, then the schema. LibreChat
 * settings chatbox does not implement are collected in `ignored`; other unknown keys (at any depth)
 * and a newer `version` are warnings; everything else is an error. All problems are returned, not
 * only the first.
 */
export function validateConfig(document: unknown, env: Record<string, string | undefined>, options: ValidateOptions = {}): ConfigValidation {
  if (document === null || document === undefined) {
    return { config: null, errors: [{ path: '', message: `the configuration is empty; it needs at least "version: ${SUPPORTED_CONFIG_VERSION}"` }], warnings: [], ignored: [] };
  }
  const interpolated = interpolateEnv(document, env);
  const warnings: ConfigIssue[] = interpolated.warnings.map((warning) => ({ path: formatPath(warning.path), message: warning.message }));
  // Reported even when the file has errors: a newer version often explains them.
  warnings.push(...versionWarnings(interpolated.value));
  const unreadKeys: PropertyKey[][] = [];
  const finish = (config: LibreChatConfig | null, errors: ConfigIssue[]): ConfigValidation => ({
    config, errors, warnings, ignored: collectIgnored(interpolated.value, unreadKeys, options.customEndpointProviders),
  });
  let input = interpolated.value;
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    const result = configSchema.safeParse(input, { reportInput: true });
    if (result.success) return finish(result.data, []);
    const unknown = result.error.issues.filter((issue) => issue.code === 'unrecognized_keys');
    const errors = result.error.issues.filter((issue) => issue.code !== 'unrecognized_keys').map(toConfigIssue);
    for (const issue of unknown) {
      for (const key of issue.keys) {
        const path = [...issue.path, key];
        if (matchesKeyPattern(path, libreChatKeyPatterns)) unreadKeys.push(path);
        else warnings.push({ path: formatPath(path), message: `unknown key "${key}" is ignored` });
      }
    }
    if (errors.length > 0) return finish(null, errors);
    input = withoutKeys(input, unknown);
  }
  return finish(null, [{ path: '', message: 'unknown keys could not be removed' }]);
}

function versionWarnings(document: unknown): ConfigIssue[] {
  const parsed = versionSchema.safeParse((document as { version?: unknown } | null)?.version);
  if (!parsed.success || !isNewerThanSupported(parsed.data)) return [];
  const message = `config version ${parsed.data} is newer than the supported ${SUPPORTED_CONFIG_VERSION}; settings it adds are ignored`;
  return [{ path: 'version', message }];
}

function toConfigIssue(issue: z.core.$ZodIssue): ConfigIssue {
  // zod says "expected string, received undefined"; an operator thinks "this field is missing".
  const missing = 'input' in issue && issue.input === undefined && issue.path.length > 0;
  if (!missing) return { path: formatPath(issue.path), message: issue.message };
  const message = `required (${issue.code === 'invalid_type' ? `expected ${issue.expected}` : issue.message})`;
  return { path: formatPath(issue.path), message };
}

/**
 * A copy of `input` without the keys zod reported as unknown, so the next round can succeed. A
 * top-level section left empty is removed too: `endpoints: { agents: … }` from a newer version then
 * reads as "no endpoints" instead of failing the "at least one field" rule. (Deeper objects stay:
 * an emptied Azure model override `{}` still means "inherit the group", not "drop the model".)
 */
function withoutKeys(input: unknown, issues: Array<z.core.$ZodIssueUnrecognizedKeys>): unknown {
  const copy = structuredClone(input) as Record<PropertyKey, unknown>;
  for (const issue of issues) {
    let node: unknown = copy;
    for (const segment of issue.path) node = (node as Record<PropertyKey, unknown> | undefined)?.[segment];
    if (node === null || typeof node !== 'object') continue;
    for (const key of issue.keys) delete (node as Record<string, unknown>)[key];
    if (issue.path.length === 1 && Object.keys(node).length === 0) delete copy[issue.path[0]];
  }
  return copy;
}
