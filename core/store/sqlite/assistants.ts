import type { Assistant, AssistantsRepository } from '../repositories/assistants.js';
import type { SqliteConnection } from './database.js';
import { exportRows } from './export-rows.js';
import { applyPatch, createRowMapper, insertSql, returnedRow, updateSql, type Row, type SqlValue } from './row-mapping.js';

const assistantRows = createRowMapper<Assistant>({
  user: ['user_id', 'text'],
  id: ['id', 'text'],
  name: ['name', 'text'],
  description: ['description', 'text'],
  instructions: ['instructions', 'text'],
  model: ['model', 'text'],
  tools: ['tools', 'json'],
  file_ids: ['file_ids', 'json'],
  metadata: ['metadata', 'json'],
  createdAt: ['created_at', 'date'],
  updatedAt: ['updated_at', 'date'],
});

export function createAssistantsRepository({ database, transaction }: SqliteConnection): AssistantsRepository {
  const statements = {
    insert: database.prepare<[Row], Row>(insertSql('assistants', assistantRows.columns)),
    update: database.prepare<[Row], Row>(updateSql('assistants', assistantRows.columns, ['user_id', 'id'])),
    find: database.prepare<[string, string], Row>('SELECT * FROM assistants WHERE user_id = ? AND id = ?'),
    delete: database.prepare<[string, string]>('DELETE FROM assistants WHERE user_id = ? AND id = ?'),
  };
  const find = (userId: string, id: string) => {
    const row = statements.find.get(userId, id);
    return row ? assistantRows.fromRow(row) : null;
  };
  const write = (statement: typeof statements.insert, assistant: Assistant) => {
    const row = returnedRow(statement, assistantRows.toRow(assistant));
    if (!row) throw new Error('The assistant was not written');
    return assistantRows.fromRow(row);
  };

  return {
    async create(assistant) {
      const now = new Date();
      return write(statements.insert, { ...assistant, createdAt: now, updatedAt: now });
    },
    async find(userId, id) {
      return find(userId, id);
    },
    async update(userId, id, patch) {
      return transaction(() => {
        const existing = find(userId, id);
        return existing ? write(statements.update, { ...applyPatch<Assistant>(existing, patch), updatedAt: new Date() }) : null;
      });
    },
    async delete(userId, id) {
      return statements.delete.run(userId, id).changes > 0;
    },
    async list(userId, query) {
      const cursorId = query.after ?? query.before;
      const cursor = cursorId === undefined ? undefined : find(userId, cursorId);
      if (cursor === null) return null;
      // Reading towards older assistants: desc paging after a cursor, or asc paging before one.
      const older = (query.order === 'desc') === (query.before === undefined);
      const conditions = ['user_id = @user'];
      const parameters: Record<string, SqlValue> = { user: userId, limit: query.limit + 1 };
      if (cursor) {
        const compare = older ? '<' : '>';
        conditions.push(`(created_at ${compare} @created OR (created_at = @created AND id ${compare} @cursorId))`);
        Object.assign(parameters, { created: cursor.createdAt.getTime(), cursorId: cursor.id });
      }
      if (query.onlyIds) {
        conditions.push('id IN (SELECT value FROM json_each(@onlyIds))');
        parameters.onlyIds = JSON.stringify(query.onlyIds);
      }
      if (query.exceptIds) {
        conditions.push('id NOT IN (SELECT value FROM json_each(@exceptIds))');
        parameters.exceptIds = JSON.stringify(query.exceptIds);
      }
      const direction = older ? 'DESC' : 'ASC';
      const sql = `SELECT * FROM assistants WHERE ${conditions.join(' AND ')} ORDER BY created_at ${direction}, id ${direction} LIMIT @limit`;
      const rows = database.prepare<[Record<string, SqlValue>], Row>(sql).all(parameters);
      const items = rows.slice(0, query.limit).map(assistantRows.fromRow);
      // A `before` page was read backwards from its cursor: turn it back into the asked order.
      if (query.before !== undefined) items.reverse();
      return { items, hasMore: rows.length > query.limit };
    },
    exportBatch: exportRows(database, 'assistants', assistantRows.fromRow),
  };
}
