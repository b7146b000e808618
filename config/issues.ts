/** One problem found in a configuration, addressed by its yaml path (`endpoints.custom[0].apiKey`). */
export interface ConfigIssue {
  path: string;
  message: string;
}

const plainKey = /^[A-Za-z_$][\w$-]*$/;

/**
 * Writes path segments the way an operator would look them up in the yaml: dots between keys,
 * `[n]` for list items, `["gpt-3.5-turbo"]` for keys a dot would make ambiguous.
 */
export function formatPath(segments: ReadonlyArray<PropertyKey>): string {
  let path = '';
  for (const segment of segments) {
    if (typeof segment === 'number') path += `[${segment}]`;
    else if (typeof segment === 'string' && plainKey.test(segment)) path += path ? `.${segment}` : segment;
    else path += `[${JSON.stringify(String(segment))}]`;
  }
  return path;
}

/** One line per issue, for logs and the CLI. */
export function formatIssue(issue: ConfigIssue): string {
  return `${issue.path || '(root)'}: ${issue.message}`;
}
