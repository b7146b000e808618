import type { Ban, BansRepository } from '../repositories/bans.js';
import type { SqliteConnection } from './database.js';
import { exportRows } from './export-rows.js';
import { createRowMapper, returnedRow, type Row } from './row-mapping.js';

const banRows = createRowMapper<Ban>({
  key: ['key', 'text'],
  reason: ['reason', 'text'],
  expiresAt: ['expires_at', 'date'],
  createdAt: ['created_at', 'date'],
});

export function createBansRepository({ database }: SqliteConnection): BansRepository {
  const statements = {
    put: database.prepare<[Row]>(
      'INSERT OR REPLACE INTO bans (key, reason, expires_at, created_at) VALUES (@key, @reason, @expires_at, @created_at)',
    ),
    find: database.prepare<[string, number], Row>('SELECT * FROM bans WHERE key = ? AND expires_at > ?'),
    delete: database.prepare<[string]>('DELETE FROM bans WHERE key = ?'),
    // One statement decides restart-or-increment and writes, so concurrent violations are all counted.
    addViolation: database.prepare<[{ key: string; type: string; now: number; interval: number }], { count: number }>(
      'INSERT INTO violations (key, type, count, last_at) VALUES (@key, @type, 1, @now) ' +
        'ON CONFLICT (key, type) DO UPDATE SET ' +
        'count = CASE WHEN @now - violations.last_at > @interval THEN 1 ELSE violations.count + 1 END, last_at = @now ' +
        'RETURNING count',
    ),
    clearViolations: database.prepare<[string]>('DELETE FROM violations WHERE key = ?'),
    deleteExpired: database.prepare<[number]>('DELETE FROM bans WHERE expires_at <= ?'),
  };

  return {
    async put(ban) {
      statements.put.run(banRows.toRow({ ...ban, createdAt: new Date() }));
    },
    async find(key, now) {
      const row = statements.find.get(key, now.getTime());
      return row ? banRows.fromRow(row) : null;
    },
    async delete(key) {
      return statements.delete.run(key).changes > 0;
    },
    async addViolation(key, type, intervalMs, now) {
      return returnedRow(statements.addViolation, { key, type, now: now.getTime(), interval: intervalMs })!.count;
    },
    async clearViolations(key) {
      statements.clearViolations.run(key);
    },
    async deleteExpired(now) {
      return statements.deleteExpired.run(now.getTime()).changes;
    },
    exportBatch: exportRows(database, 'bans', banRows.fromRow),
  };
}
