import type { KeysRepository, UserKey } from '../repositories/keys.js';
import type { SqliteConnection } from './database.js';
import { exportRows } from './export-rows.js';
import { createRowMapper, upsertSql, type Row } from './row-mapping.js';

const keyRows = createRowMapper<UserKey>({
  userId: ['user_id', 'text'],
  name: ['name', 'text'],
  value: ['value', 'text'],
  expiresAt: ['expires_at', 'date'],
  updatedAt: ['updated_at', 'date'],
});

export function createKeysRepository({ database }: SqliteConnection): KeysRepository {
  const statements = {
    upsert: database.prepare<[Row], Row>(upsertSql('user_keys', keyRows.columns, ['user_id', 'name'])),
    find: database.prepare<[string, string], Row>('SELECT * FROM user_keys WHERE user_id = ? AND name = ?'),
    list: database.prepare<[string], Row>('SELECT * FROM user_keys WHERE user_id = ? ORDER BY name'),
    delete: database.prepare<[string, string]>('DELETE FROM user_keys WHERE user_id = ? AND name = ?'),
    deleteAll: database.prepare<[string]>('DELETE FROM user_keys WHERE user_id = ?'),
    deleteExpired: database.prepare<[number]>('DELETE FROM user_keys WHERE expires_at IS NOT NULL AND expires_at <= ?'),
  };

  return {
    async upsert(key) {
      statements.upsert.run(keyRows.toRow({ ...key, expiresAt: key.expiresAt ?? null, updatedAt: new Date() }));
    },
    async find(userId, name) {
      // Expired keys are returned too: the caller reports when a key expired rather than that none exists.
      const row = statements.find.get(userId, name);
      return row ? keyRows.fromRow(row) : null;
    },
    async list(userId) {
      return statements.list.all(userId).map(keyRows.fromRow);
    },
    async delete(userId, name) {
      return statements.delete.run(userId, name).changes > 0;
    },
    async deleteAll(userId) {
      return statements.deleteAll.run(userId).changes;
    },
    async deleteExpired(now) {
      return statements.deleteExpired.run(now.getTime()).changes;
    },
    exportBatch: exportRows(database, 'user_keys', keyRows.fromRow),
  };
}
