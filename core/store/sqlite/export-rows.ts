import type Database from 'better-sqlite3';
import type { ExportBatch } from '../repositories/common.js';
import type { Row } from './row-mapping.js';

/**
 * A repository's exportBatch over one table, paged by rowid: rowids grow with insertion, so rows
 * written while a copy runs come later and a resumed copy picks them up.
 */
export function exportRows<T>(
  database: Database.Database,
  table: string,
  fromRow: (row: Row) => T,
): (after: string | null, limit: number) => Promise<ExportBatch<T>> {
  const page = database.prepare<[number, number], Row>(`SELECT rowid AS export_rowid, * FROM ${table} WHERE rowid > ? ORDER BY rowid LIMIT ?`);
  return async (after, limit) => {
    const rows = page.all(after === null ? 0 : Number(after), limit);
    return { items: rows.map(fromRow), next: rows.length === limit ? String(rows[rows.length - 1].export_rowid) : null };
  };
}
