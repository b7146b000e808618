import { formatIssue, type ConfigIssue } from './issues.js';

/**
 * An operator's configuration mistake: invalid yaml or environment, an unusable data dir, an unknown
 * plugin. It lives in config/ because config is a floor below core and must not import it; it carries
 * the same `code`, `status` and `details` as core's ChatboxError so the server and the CLI answer it
 * alike (core/server/error-handler.ts and bin's runAction accept both).
 */
export class ConfigError extends Error {
  readonly code = 'config_error';
  readonly status = 500;
  readonly details: Record<string, unknown>;
  readonly issues: ConfigIssue[];

  /** Lists every issue under the message; with no issues the message stands alone. */
  constructor(issues: ConfigIssue[], message = 'Invalid configuration') {
    super(issues.length === 0 ? message : `${message}:\n${issues.map((issue) => `  ${formatIssue(issue)}`).join('\n')}`);
    this.name = 'ConfigError';
    this.issues = issues;
    this.details = issues.length === 0 ? {} : { issues };
  }
}
