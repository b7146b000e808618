import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix, relative, sep } from 'node:path';
import ts from 'typescript';

/** One import of the tree: both ends relative to the repository root, with forward slashes. */
export interface ImportEdge {
  from: string;
  to: string;
}

const skipped = new Set(['node_modules', 'dist', '.build', '.cache']);

function sourceFiles(root: string, folder: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(join(root, folder), { withFileTypes: true })) {
    const path = posix.join(folder, entry.name);
    if (entry.isDirectory()) {
      if (!skipped.has(entry.name)) files.push(...sourceFiles(root, path));
    } else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
      files.push(path);
    }
  }
  return files;
}

/**
 * Every import, re-export, dynamic import and require of every .ts/.tsx file under `folders`, as read
 * by TypeScript's own scanner (comments and strings that merely look like imports are not counted).
 * Relative specifiers are resolved to the path they name; `@protocol` is the UI's alias of
 * core/protocol; packages are left out, they are not the house's business here.
 */
export function readImports(root: string, folders: readonly string[]): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const file of folders.flatMap((folder) => sourceFiles(root, folder))) {
    const { importedFiles } = ts.preProcessFile(readFileSync(join(root, file), 'utf8'), true, true);
    for (const { fileName } of importedFiles) {
      if (fileName === '@protocol') edges.push({ from: file, to: 'core/protocol/index.ts' });
      else if (fileName.startsWith('.')) edges.push({ from: file, to: relative(root, join(root, dirname(file), fileName)).split(sep).join('/') });
    }
  }
  return edges;
}
