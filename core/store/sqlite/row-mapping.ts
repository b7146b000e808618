/**
 * Record ↔ row mapping shared by every SQLite repository. Each repository declares which field lives
 * in which column and how it is encoded; this file does the encoding in one place, so a date or a
 * boolean is stored the same way in every table (dates as integer ms, booleans as 0/1, JSON as text).
 */

export type SqlValue = string | number | bigint | Buffer | null;
export type Row = Record<string, SqlValue>;

/**
 * The first row of a write's RETURNING clause. Never `.get()` for a write: better-sqlite3 resets the
 * statement after the first row, and outside a transaction SQLite commits in that reset, whose
 * failure (SQLITE_FULL on a full disk, an I/O error) it drops: the write is rolled back while the
 * caller gets its row. `.all()` steps to the end, so a failed commit throws.
 */
export function returnedRow<Params extends unknown[], Result>(statement: { all(...params: Params): Result[] }, ...params: Params): Result | undefined {
  return statement.all(...params)[0];
}

export type FieldKind = 'text' | 'number' | 'boolean' | 'date' | 'json';

/** The column a field is stored in, and how its value is encoded. */
export type FieldMapping = readonly [column: string, kind: FieldKind];

export interface RowMapper<T> {
  /** Every column the mapper writes, the rest column included. */
  readonly columns: readonly string[];
  /** Encodes a record into named statement parameters (column name → value). */
  toRow(record: Partial<T>): Row;
  fromRow(row: Row): T;
}

export interface RowMapperOptions {
  /**
   * A JSON column holding every field that has no column of its own. The wire adds options over time
   * (LibreChat's conversation carries dozens); keeping them here means a round trip never loses one
   * and absent stays absent (not null), as it would in a document store.
   */
  restColumn?: string;
}

export function createRowMapper<T extends object>(
  fields: { readonly [K in keyof T]?: FieldMapping },
  options: RowMapperOptions = {},
): RowMapper<T> {
  const entries = Object.entries(fields) as Array<[string, FieldMapping]>;
  const mappedFields = new Set(entries.map(([field]) => field));
  const { restColumn } = options;
  const columns = entries.map(([, [column]]) => column);
  if (restColumn) columns.push(restColumn);

  return {
    columns,
    toRow(record) {
      const row: Row = {};
      const values = record as Record<string, unknown>;
      for (const [field, [column, kind]] of entries) row[column] = encode(values[field], kind);
      if (restColumn) {
        const rest: Record<string, unknown> = {};
        for (const [field, value] of Object.entries(values)) {
          if (!mappedFields.has(field) && value !== undefined) rest[field] = value;
        }
        row[restColumn] = JSON.stringify(rest);
      }
      return row;
    },
    fromRow(row) {
      const record: Record<string, unknown> = restColumn ? parseJson(row[restColumn], {}) : {};
      for (const [field, [column, kind]] of entries) record[field] = decode(row[column], kind);
      return record as T;
    },
  };
}

function encode(value: unknown, kind: FieldKind): SqlValue {
  if (value === undefined || value === null) return null;
  switch (kind) {
    case 'boolean':
      return value ? 1 : 0;
    case 'date':
      return (value as Date).getTime();
    case 'json':
      return JSON.stringify(value);
    default:
      return value as SqlValue;
  }
}

function decode(value: SqlValue, kind: FieldKind): unknown {
  if (value === null || value === undefined) return null;
  switch (kind) {
    case 'boolean':
      return value === 1;
    case 'date':
      return new Date(Number(value));
    case 'json':
      return parseJson(value, null);
    default:
      return value;
  }
}

function parseJson<T>(value: SqlValue | undefined, fallback: T): T {
  return typeof value === 'string' ? (JSON.parse(value) as T) : fallback;
}

/** Copies the patch over the record, skipping undefined so an absent field never erases a stored one. */
export function applyPatch<T extends object>(record: T, patch: Partial<T>): T {
  const merged: Record<string, unknown> = { ...(record as Record<string, unknown>) };
  for (const [field, value] of Object.entries(patch)) if (value !== undefined) merged[field] = value;
  return merged as T;
}

/**
 * `INSERT … ON CONFLICT DO UPDATE … RETURNING *` over the mapper's columns. Columns in `keep` are
 * written on insert only (createdAt survives a replace).
 */
export function upsertSql(table: string, columns: readonly string[], conflict: readonly string[], keep: readonly string[] = []): string {
  const updated = columns.filter((column) => !conflict.includes(column) && !keep.includes(column));
  return (
    `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((column) => `@${column}`).join(', ')}) ` +
    `ON CONFLICT (${conflict.join(', ')}) DO UPDATE SET ${updated.map((column) => `${column} = excluded.${column}`).join(', ')} ` +
    'RETURNING *'
  );
}

export function insertSql(table: string, columns: readonly string[]): string {
  return `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((column) => `@${column}`).join(', ')}) RETURNING *`;
}

/** `UPDATE … SET every column WHERE key columns … RETURNING *`. */
export function updateSql(table: string, columns: readonly string[], keys: readonly string[]): string {
  const updated = columns.filter((column) => !keys.includes(column));
  return (
    `UPDATE ${table} SET ${updated.map((column) => `${column} = @${column}`).join(', ')} ` +
    `WHERE ${keys.map((column) => `${column} = @${column}`).join(' AND ')} RETURNING *`
  );
}
