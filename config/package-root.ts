import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The folder holding chatbox's package.json, found by walking up from this file: the same code runs
 * from config/ in development and from dist/config/ when installed.
 */
export function packageRoot(): string {
  let directory = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(directory, 'package.json');
    if (existsSync(candidate) && JSON.parse(readFileSync(candidate, 'utf8')).name === 'chatbox') return directory;
    const parent = dirname(directory);
    if (parent === directory) throw new Error('chatbox package.json not found above ' + fileURLToPath(import.meta.url));
    directory = parent;
  }
}

export function packageVersion(): string {
  return JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')).version as string;
}
