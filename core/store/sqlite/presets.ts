import type { Preset, PresetsRepository } from '../repositories/presets.js';
import type { SqliteConnection } from './database.js';
import { exportRows } from './export-rows.js';
import { createRowMapper, returnedRow, upsertSql, type Row } from './row-mapping.js';

const presetRows = createRowMapper<Preset>(
  {
    user: ['user_id', 'text'],
    presetId: ['preset_id', 'text'],
    title: ['title', 'text'],
    defaultPreset: ['default_preset', 'boolean'],
    order: ['order_index', 'number'],
    createdAt: ['created_at', 'date'],
    updatedAt: ['updated_at', 'date'],
  },
  { restColumn: 'options' },
);

export function createPresetsRepository({ database, transaction }: SqliteConnection): PresetsRepository {
  const statements = {
    upsert: database.prepare<[Row], Row>(upsertSql('presets', presetRows.columns, ['user_id', 'preset_id'], ['created_at'])),
    find: database.prepare<[string, string], Row>('SELECT * FROM presets WHERE user_id = ? AND preset_id = ?'),
    list: database.prepare<[string], Row>(
      'SELECT * FROM presets WHERE user_id = ? ORDER BY order_index IS NULL, order_index, updated_at DESC, rowid DESC',
    ),
    clearDefault: database.prepare<[string]>('UPDATE presets SET default_preset = 0 WHERE user_id = ? AND default_preset = 1'),
    markDefault: database.prepare<[string, string]>('UPDATE presets SET default_preset = 1 WHERE user_id = ? AND preset_id = ?'),
    delete: database.prepare<[string, string]>('DELETE FROM presets WHERE user_id = ? AND preset_id = ?'),
    deleteAll: database.prepare<[string]>('DELETE FROM presets WHERE user_id = ?'),
  };

  return {
    async upsert(preset) {
      const now = new Date();
      const row = presetRows.toRow({ ...preset, defaultPreset: preset.defaultPreset ?? false, order: preset.order ?? null, createdAt: now, updatedAt: now });
      return transaction(() => {
        // Cleared first: the partial unique index allows one default per user at any instant.
        if (preset.defaultPreset) statements.clearDefault.run(preset.user);
        return presetRows.fromRow(returnedRow(statements.upsert, row)!);
      });
    },
    async find(userId, presetId) {
      const row = statements.find.get(userId, presetId);
      return row ? presetRows.fromRow(row) : null;
    },
    async list(userId) {
      return statements.list.all(userId).map(presetRows.fromRow);
    },
    async setDefault(userId, presetId) {
      transaction(() => {
        statements.clearDefault.run(userId);
        if (presetId !== null) statements.markDefault.run(userId, presetId);
      });
    },
    async delete(userId, presetId) {
      return statements.delete.run(userId, presetId).changes > 0;
    },
    async deleteAll(userId) {
      return statements.deleteAll.run(userId).changes;
    },
    exportBatch: exportRows(database, 'presets', presetRows.fromRow),
  };
}
