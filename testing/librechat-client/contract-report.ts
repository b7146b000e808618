import type { z } from 'zod';

/** The value at a zod issue's path, for the report ("got …"). */
function valueAt(root: unknown, path: PropertyKey[]): unknown {
  let value = root;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

function show(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text = JSON.stringify(value);
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}

/**
 * Collects every contract mismatch of one route (or one flow) instead of stopping at the first,
 * each as "<label> <path>: <problem> (got <value>)", so one failing run lists all there is to fix.
 * The test asserts `issues` is empty once, at the end.
 */
export function createContractReport() {
  const issues: string[] = [];
  return {
    issues,
    /** Validates `value` against the client's schema; returns the parsed value when it passes. */
    check<T extends z.ZodType>(label: string, schema: T, value: unknown): z.output<T> | undefined {
      const result = schema.safeParse(value);
      if (result.success) return result.data;
      for (const issue of result.error.issues) {
        const path = issue.path.map(String).join('.');
        issues.push(`${label} ${path || '(root)'}: ${issue.message} (got ${show(valueAt(value, issue.path))})`);
      }
      return undefined;
    },
    /** Records a mismatch the schema cannot express (a status, a header, an id that must match). */
    expect(label: string, condition: boolean, problem: string, got?: unknown): void {
      if (!condition) issues.push(`${label}: ${problem}${got === undefined ? '' : ` (got ${show(got)})`}`);
    },
  };
}

export type ContractReport = ReturnType<typeof createContractReport>;
