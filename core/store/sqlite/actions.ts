import type { Action, ActionsRepository } from '../repositories/actions.js';
import type { SqliteConnection } from './database.js';
import { exportRows } from './export-rows.js';
import { createRowMapper, upsertSql, type Row } from './row-mapping.js';

const actionRows = createRowMapper<Action>({
  user: ['user_id', 'text'],
  action_id: ['action_id', 'text'],
  assistant_id: ['assistant_id', 'text'],
  metadata: ['metadata', 'json'],
  createdAt: ['created_at', 'date'],
  updatedAt: ['updated_at', 'date'],
});

export function createActionsRepository({ database, transaction }: SqliteConnection): ActionsRepository {
  const statements = {
    upsert: database.prepare<[Row], Row>(upsertSql('actions', actionRows.columns, ['user_id', 'action_id'])),
    find: database.prepare<[string, string], Row>('SELECT * FROM actions WHERE user_id = ? AND action_id = ?'),
    list: database.prepare<[string], Row>('SELECT * FROM actions WHERE user_id = ? ORDER BY created_at, action_id'),
    listByAssistant: database.prepare<[string, string], Row>('SELECT * FROM actions WHERE user_id = ? AND assistant_id = ? ORDER BY created_at, action_id'),
    delete: database.prepare<[string, string]>('DELETE FROM actions WHERE user_id = ? AND action_id = ?'),
    deleteByAssistant: database.prepare<[string, string]>('DELETE FROM actions WHERE user_id = ? AND assistant_id = ?'),
  };
  const find = (userId: string, actionId: string) => {
    const row = statements.find.get(userId, actionId);
    return row ? actionRows.fromRow(row) : null;
  };

  return {
    async save(action) {
      return transaction(() => {
        const now = new Date();
        const saved: Action = { ...action, createdAt: find(action.user, action.action_id)?.createdAt ?? now, updatedAt: now };
        statements.upsert.run(actionRows.toRow(saved));
        return saved;
      });
    },
    async find(userId, actionId) {
      return find(userId, actionId);
    },
    async list(userId, assistantId) {
      const rows = assistantId === undefined ? statements.list.all(userId) : statements.listByAssistant.all(userId, assistantId);
      return rows.map(actionRows.fromRow);
    },
    async delete(userId, actionId) {
      return statements.delete.run(userId, actionId).changes > 0;
    },
    async deleteByAssistant(userId, assistantId) {
      return statements.deleteByAssistant.run(userId, assistantId).changes;
    },
    exportBatch: exportRows(database, 'actions', actionRows.fromRow),
  };
}
