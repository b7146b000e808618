import type { FileDto } from '@protocol';

export interface FileSort {
  column: 'filename' | 'updatedAt' | 'bytes';
  descending: boolean;
}

/** My files' order: by name (locale-aware), date or size, either way. */
export function sortFiles(files: readonly FileDto[], { column, descending }: FileSort): FileDto[] {
  const direction = descending ? -1 : 1;
  const compare = (a: FileDto, b: FileDto): number => {
    if (column === 'filename') return a.filename.localeCompare(b.filename);
    if (column === 'bytes') return a.bytes - b.bytes;
    return Date.parse(a.updatedAt) - Date.parse(b.updatedAt);
  };
  return [...files].sort((a, b) => compare(a, b) * direction);
}
