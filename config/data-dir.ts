import { mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError } from './config-error.js';
import { systemErrorCode } from './system-error-code.js';

/** The SQLite database's name inside the data directory. */
export const DATABASE_FILE = 'chatbox.sqlite';

/**
 * Makes sure `dataDir` is a directory chatbox can write to, creating it (owner only) when missing,
 * and fails with one line an operator can act on: it is a file, it cannot be created, it is not
 * writable. Node's own recursive mkdir is not used: under /proc it loops forever instead of failing.
 */
export function prepareDataDir(dataDir: string): void {
  const missing: string[] = [];
  let existing = path.resolve(dataDir);
  for (;;) {
    const kind = kindOf(existing);
    if (kind === 'directory') break;
    if (kind === 'other') throw dataDirError(existing === path.resolve(dataDir) ? `data dir ${dataDir} is a file, not a directory` : `cannot create data dir ${dataDir}: ${existing} is a file, not a directory`);
    missing.unshift(existing);
    const parent = path.dirname(existing);
    if (parent === existing) break;
    existing = parent;
  }
  for (const directory of missing) {
    try {
      mkdirSync(directory, { mode: 0o700 });
    } catch (error) {
      if (systemErrorCode(error) === 'EEXIST' && kindOf(directory) === 'directory') continue; // made by a concurrent start
      throw dataDirError(`cannot create data dir ${dataDir} (${describeCode(error)})`);
    }
  }
  assertWritable(dataDir);
}

/**
 * Writing a file is the only honest test: access(W_OK) says yes to root on a read-only mount or an
 * immutable directory, and pseudo file systems such as /proc/sys refuse new files whatever the mode says.
 */
function assertWritable(dataDir: string): void {
  const probe = path.join(path.resolve(dataDir), `.write-test-${process.pid}`);
  try {
    writeFileSync(probe, '', { flag: 'wx', mode: 0o600 });
  } catch (error) {
    throw dataDirError(`data dir ${dataDir} is not writable (${describeCode(error)})`);
  }
  rmSync(probe, { force: true });
}

function kindOf(target: string): 'directory' | 'other' | 'missing' {
  try {
    return statSync(target).isDirectory() ? 'directory' : 'other';
  } catch {
    return 'missing';
  }
}

function dataDirError(message: string): ConfigError {
  return new ConfigError([], message);
}

const codeDescriptions: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'read-only file system',
  ENOENT: 'this file system does not accept new files there',
  ENOSPC: 'no space left on the device',
  ENOTDIR: 'a part of the path is a file',
};

function describeCode(error: unknown): string {
  const code = systemErrorCode(error);
  if (code === undefined) return error instanceof Error ? error.message : String(error);
  return `${codeDescriptions[code] ?? 'error'}, ${code}`;
}
