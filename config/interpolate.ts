/**
 * `${VAR}` substitution, LibreChat style: only a value that is *entirely* `${NAME}` is replaced, so
 * URLs such as Azure's `https://${INSTANCE_NAME}.openai.azure.com` keep their own placeholders.
 */

export interface InterpolationWarning {
  /** Path segments of the value inside the yaml document. */
  path: Array<string | number>;
  message: string;
}

/** The one way to spell "each user enters this value in the UI". */
export const USER_PROVIDED = 'user_provided';

export const envReferencePattern = /^\$\{([A-Za-z_][A-Za-z0-9_]*)\}$/;

export function isUserProvided(value: unknown): value is typeof USER_PROVIDED {
  return value === USER_PROVIDED;
}

/** True for a value still spelled `${NAME}`, i.e. a variable that was not set when the config was read. */
export function isEnvReference(value: unknown): value is string {
  return typeof value === 'string' && envReferencePattern.test(value);
}

/**
 * Returns a copy of `value` with every whole-`${NAME}` string replaced by `env[NAME]`. An unset (or
 * empty) variable keeps the literal, as LibreChat does, so the endpoint fails later with a clear
 * "missing key" instead of an empty credential; the warning tells the operator why.
 */
export function interpolateEnv(
  value: unknown,
  env: Record<string, string | undefined>,
): { value: unknown; warnings: InterpolationWarning[] } {
  const warnings: InterpolationWarning[] = [];
  const visit = (node: unknown, path: Array<string | number>): unknown => {
    if (typeof node === 'string') {
      const match = envReferencePattern.exec(node);
      if (!match) return node;
      const resolved = env[match[1]];
      if (resolved === undefined || resolved === '') {
        warnings.push({ path, message: `environment variable ${match[1]} is not set; the literal "${node}" is kept` });
        return node;
      }
      return resolved;
    }
    if (Array.isArray(node)) return node.map((item, index) => visit(item, [...path, index]));
    if (node !== null && typeof node === 'object') {
      return Object.fromEntries(Object.entries(node).map(([key, child]) => [key, visit(child, [...path, key])]));
    }
    return node;
  };
  return { value: visit(value, []), warnings };
}

const embeddedReferencePattern = /\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/**
 * `${NAME}` anywhere inside `text` replaced by `env[NAME]` — for values LibreChat resolves piece by
 * piece (an MCP server's `Authorization: Bearer ${TOKEN}`), where the whole-value rule above would
 * leave the placeholder. An unset variable keeps its literal and is named in `missing`.
 */
export function interpolateEmbedded(text: string, env: Readonly<Record<string, string | undefined>>): { value: string; missing: string[] } {
  const missing: string[] = [];
  const value = text.replace(embeddedReferencePattern, (literal, name: string) => {
    const resolved = env[name];
    if (resolved === undefined || resolved === '') {
      missing.push(name);
      return literal;
    }
    return resolved;
  });
  return { value, missing };
}
