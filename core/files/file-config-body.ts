import type { FileConfig } from '../../config/schema/file-config.js';

/**
 * The body of `GET /api/files/config`. LibreChat serves the yaml's `fileConfig` as written (sizes in MB,
 * MIME patterns as strings, never the merged bytes or RegExps) and its client merges it over the same
 * defaults itself, so a merged body would be converted twice. null: there is no `fileConfig`, and
 * LibreChat answers 200 with an empty body, which its client reads as "use the defaults".
 */
export function fileConfigBody(fileConfig: FileConfig | undefined): FileConfig | null {
  return fileConfig === undefined ? null : structuredClone(fileConfig);
}
