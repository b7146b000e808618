import type { PluginAuth, PluginAuthsRepository } from '../repositories/plugin-auths.js';
import type { SqliteConnection } from './database.js';
import { exportRows } from './export-rows.js';
import { createRowMapper, upsertSql, type Row } from './row-mapping.js';

const authRows = createRowMapper<PluginAuth>({
  userId: ['user_id', 'text'],
  pluginKey: ['plugin_key', 'text'],
  authField: ['auth_field', 'text'],
  value: ['value', 'text'],
  updatedAt: ['updated_at', 'date'],
});

export function createPluginAuthsRepository({ database }: SqliteConnection): PluginAuthsRepository {
  const statements = {
    upsert: database.prepare<[Row], Row>(upsertSql('plugin_auths', authRows.columns, ['user_id', 'plugin_key', 'auth_field'])),
    list: database.prepare<[string, string], Row>('SELECT * FROM plugin_auths WHERE user_id = ? AND plugin_key = ? ORDER BY auth_field'),
    delete: database.prepare<[string, string]>('DELETE FROM plugin_auths WHERE user_id = ? AND plugin_key = ?'),
    deleteAll: database.prepare<[string]>('DELETE FROM plugin_auths WHERE user_id = ?'),
  };

  return {
    async upsert(auth) {
      statements.upsert.run(authRows.toRow({ ...auth, updatedAt: new Date() }));
    },
    async list(userId, pluginKey) {
      return statements.list.all(userId, pluginKey).map(authRows.fromRow);
    },
    async delete(userId, pluginKey) {
      return statements.delete.run(userId, pluginKey).changes;
    },
    async deleteAll(userId) {
      return statements.deleteAll.run(userId).changes;
    },
    exportBatch: exportRows(database, 'plugin_auths', authRows.fromRow),
  };
}
