import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A small file system of its own that a test fills up to the last byte. */
export interface SmallDisk {
  dir: string;
  /** Writes a filler file until the file system answers ENOSPC. */
  fill(): void;
  /** Removes the filler. */
  free(): void;
  unmount(): void;
}

/**
 * Mounts a tmpfs of `sizeMb` on a fresh directory: a real full disk, as an operator's would be,
 * rather than a failure faked at the store. Null when this machine does not let the tests mount
 * (not root, or no mount permission in the container); callers skip and say so.
 */
export function mountSmallDisk(sizeMb: number): SmallDisk | null {
  const dir = mkdtempSync(join(tmpdir(), 'chatbox-small-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeMb}m`, 'tmpfs', dir], { stdio: 'ignore' });
  } catch {
    rmSync(dir, { recursive: true, force: true });
    return null;
  }
  const filler = join(dir, 'filler');
  return {
    dir,
    fill() {
      const descriptor = openSync(filler, 'a');
      const block = Buffer.alloc(64 * 1024, 1);
      try {
        // The write that no longer fits whole is written in part; the next one fails.
        for (;;) writeSync(descriptor, block);
      } catch (error) {
        if (!(error instanceof Error && 'code' in error && error.code === 'ENOSPC')) throw error;
      } finally {
        closeSync(descriptor);
      }
    },
    free() {
      rmSync(filler, { force: true });
    },
    unmount() {
      execFileSync('umount', ['-l', dir], { stdio: 'ignore' });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
