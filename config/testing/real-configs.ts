import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repositoryRoot = fileURLToPath(new URL('../..', import.meta.url));

/**
 * LibreChat's example files (config 1.0 to 1.3) and files people run, kept beside the clone in
 * ../shared/real-configs (as on CI). CHATBOX_REAL_CONFIGS points elsewhere, e.g. from a git worktree.
 */
export const realConfigsDir = process.env.CHATBOX_REAL_CONFIGS ?? path.resolve(repositoryRoot, '../shared/real-configs');

export function listRealConfigs(): string[] {
  if (!existsSync(realConfigsDir)) return [];
  return readdirSync(realConfigsDir).filter((name) => name.endsWith('.yaml')).sort();
}

/** The config fixtures of this repository, one per config version (config/__fixtures__). */
export const fixturesDir = fileURLToPath(new URL('../__fixtures__', import.meta.url));

/**
 * A value for every `${VAR}` a file refers to, as an operator would set them: URLs where the name
 * says it is one (an unresolved `${VAR}` would be accepted anyway, so this checks the real path).
 */
export function dummyEnvironmentFor(file: string): Record<string, string> {
  const names = new Set([...readFileSync(file, 'utf8').matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g)].map((match) => match[1]));
  return Object.fromEntries([...names].map((name) => [name, /URL|ENDPOINT|HOST|BASE/i.test(name) ? 'https://upstream.example.com/v1' : `dummy-${name.toLowerCase()}`]));
}
