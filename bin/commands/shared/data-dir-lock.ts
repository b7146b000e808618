import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { systemErrorCode } from '../../../config/system-error-code.js';
import { CliError } from './cli-error.js';

/** Holds the PID of the server that owns a SQLite data dir. */
export const LOCK_FILE = 'chatbox.pid';

export interface DataDirLock {
  release(): void;
}

/** Which lock: its file in the data dir, and the sentence that names its holder (`pid` is ' (PID n)' or ''). */
export interface LockKind {
  file: string;
  inUse(pid: string, shownAs: string): string;
}

const serverLock: LockKind = {
  file: LOCK_FILE,
  inUse: (pid, shownAs) => `another chatbox server${pid} is using the data dir ${shownAs}; stop it first or give this one its own --data-dir`,
};

/**
 * One server per SQLite data dir: two would each keep their own search index wake-ups, rate limits
 * and bans in memory over one database. The lock is a file holding the owner's PID; a lock whose
 * process is gone (a crash, a power cut, a container restarted with the same PID) is taken over.
 */
export function lockDataDir(dataDir: string, shownAs: string, lock: LockKind = serverLock): DataDirLock {
  const file = join(dataDir, lock.file);
  const inUse = (holder: number | null) => new CliError(lock.inUse(holder === null ? '' : ` (PID ${holder})`, shownAs));
  // Twice at most: the second try follows the removal of a stale lock.
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, `${process.pid}\n`, { flag: 'wx', mode: 0o600 });
      return holdLock(file);
    } catch (error) {
      if (systemErrorCode(error) !== 'EEXIST') throw new CliError(`cannot write the lock file ${file} (${systemErrorCode(error) ?? String(error)})`);
    }
    const holder = readHolder(file);
    if (holder !== null && isRunning(holder)) throw inUse(holder);
    rmSync(file, { force: true });
  }
  // Another server started in the same instant and took the lock we freed.
  throw inUse(readHolder(file));
}

function holdLock(file: string): DataDirLock {
  const release = () => {
    if (readHolder(file) === process.pid) rmSync(file, { force: true });
    process.off('exit', release);
  };
  // Also on paths that never reach release(): process.exit() after an unexpected error.
  process.on('exit', release);
  return { release };
}

function readHolder(file: string): number | null {
  try {
    const pid = Number(readFileSync(file, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** Our own PID in an old lock means a restarted container reused it: the old owner is gone. */
function isRunning(pid: number): boolean {
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return systemErrorCode(error) === 'EPERM';
  }
}
