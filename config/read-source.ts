import { readFile } from 'node:fs/promises';
import { parseDocument } from 'yaml';
import type { ConfigIssue } from './issues.js';

/** Remote configs are fetched once at boot; a hung server must not hang the start forever. */
const FETCH_TIMEOUT_MS = 15_000;

export function isHttpLocation(location: string): boolean {
  return /^https?:\/\//i.test(location);
}

/** Reads a config file or downloads it (CONFIG_PATH may be an http(s) URL, as in LibreChat). */
export async function readConfigText(location: string): Promise<{ text: string } | { error: ConfigIssue }> {
  if (isHttpLocation(location)) {
    try {
      const response = await fetch(location, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
      if (!response.ok) return { error: { path: '', message: `could not fetch ${location}: HTTP ${response.status}` } };
      return { text: await response.text() };
    } catch (error) {
      return { error: { path: '', message: `could not fetch ${location}: ${(error as Error).message}` } };
    }
  }
  try {
    return { text: await readFile(location, 'utf8') };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === 'ENOENT' ? 'file not found' : (error as Error).message;
    return { error: { path: '', message: `cannot read ${location}: ${reason}` } };
  }
}

/**
 * Parses YAML text. Syntax errors (and duplicate keys, which YAML forbids) come back with their
 * line and column instead of a data value, so the operator can jump straight to them.
 */
export function parseYaml(text: string): { document: unknown; errors: ConfigIssue[]; warnings: ConfigIssue[] } {
  const parsed = parseDocument(text, { prettyErrors: true });
  const toIssue = (problem: { message: string; linePos?: [{ line: number; col: number }, ...unknown[]] }): ConfigIssue => {
    const position = problem.linePos?.[0];
    const where = position ? `line ${position.line}, column ${position.col}` : '';
    // prettyErrors appends " at line …:" and a source excerpt; the position is already in `path`.
    const message = problem.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '');
    return { path: where, message: `YAML: ${message}` };
  };
  const errors = parsed.errors.map(toIssue);
  const warnings = parsed.warnings.map(toIssue);
  if (errors.length > 0) return { document: null, errors, warnings };
  try {
    return { document: parsed.toJS(), errors, warnings };
  } catch (error) {
    // toJS refuses documents that expand aliases too often (a "billion laughs" file).
    return { document: null, errors: [{ path: '', message: `YAML: ${(error as Error).message}` }], warnings };
  }
}
