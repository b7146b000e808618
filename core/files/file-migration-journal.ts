import { randomUUID } from 'node:crypto';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';

/** A file whose copy in the target storage is complete, while its record and original may not have caught up yet. */
export interface CopiedFile {
  fileId: string;
  userId: string;
  from: { source: string; path: string };
  to: { source: string; path: string };
}

/**
 * What a files migration writes down between "the copy is complete" and "the original is gone", so
 * that a run stopped in between (a crash, Ctrl-C, a full disk) is finished by the next run instead
 * of leaving a copy or an original nobody points at.
 */
export interface FileMigrationJournal {
  /** Copies an earlier run finished without getting to the end of the file's move. */
  pending(): Promise<CopiedFile[]>;
  /** Written once the copy is complete, before the record is changed. */
  copied(entry: CopiedFile): Promise<void>;
  /** The file's move is over (moved, or given up and cleaned). */
  done(file: Pick<CopiedFile, 'userId' | 'fileId'>): Promise<void>;
}

/**
 * The journal as one small JSON file (in the data dir). It only ever holds the files being moved
 * right now, one in the normal case; each change is written to a temporary file and renamed over
 * the old one, so a crash leaves either the old or the new journal, never half of one.
 */
export function createFileMigrationJournal(path: string): FileMigrationJournal {
  const read = async (): Promise<CopiedFile[]> => {
    const text = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    });
    if (text === null) return [];
    const parsed: unknown = JSON.parse(text);
    if (!Array.isArray(parsed) || !parsed.every(isCopiedFile)) throw new Error(`${path} is not a files migration journal: move it away and run again`);
    return parsed;
  };
  const write = async (entries: CopiedFile[]): Promise<void> => {
    if (entries.length === 0) return rm(path, { force: true });
    const temporary = `${path}.${randomUUID()}.tmp`;
    await writeFile(temporary, JSON.stringify(entries, null, 2));
    await rename(temporary, path);
  };
  return {
    pending: read,
    async copied(entry) {
      await write([...(await read()).filter((existing) => !sameFile(existing, entry)), entry]);
    },
    async done(file) {
      await write((await read()).filter((existing) => !sameFile(existing, file)));
    },
  };
}

/** File ids are unique per user, so an entry is known by both. */
function sameFile(first: Pick<CopiedFile, 'userId' | 'fileId'>, second: Pick<CopiedFile, 'userId' | 'fileId'>): boolean {
  return first.userId === second.userId && first.fileId === second.fileId;
}

function isCopiedFile(value: unknown): value is CopiedFile {
  if (typeof value !== 'object' || value === null) return false;
  const entry: Partial<Record<keyof CopiedFile, unknown>> = value;
  return typeof entry.fileId === 'string' && typeof entry.userId === 'string' && isLocation(entry.from) && isLocation(entry.to);
}

function isLocation(value: unknown): value is { source: string; path: string } {
  if (typeof value !== 'object' || value === null) return false;
  const location: Partial<Record<'source' | 'path', unknown>> = value;
  return typeof location.source === 'string' && typeof location.path === 'string';
}
