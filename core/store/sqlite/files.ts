import type { FilesRepository, StoredFile } from '../repositories/files.js';
import type { SqliteConnection } from './database.js';
import { exportRows } from './export-rows.js';
import { createRowMapper, returnedRow, upsertSql, type Row } from './row-mapping.js';

const fileRows = createRowMapper<StoredFile>({
  user: ['user_id', 'text'],
  file_id: ['file_id', 'text'],
  filename: ['filename', 'text'],
  filepath: ['filepath', 'text'],
  type: ['type', 'text'],
  bytes: ['bytes', 'number'],
  source: ['source', 'text'],
  context: ['context', 'text'],
  embedded: ['embedded', 'boolean'],
  width: ['width', 'number'],
  height: ['height', 'number'],
  conversationId: ['conversation_id', 'text'],
  temp_file_id: ['temp_file_id', 'text'],
  createdAt: ['created_at', 'date'],
  updatedAt: ['updated_at', 'date'],
});

export function createFilesRepository({ database, transaction }: SqliteConnection): FilesRepository {
  const statements = {
    upsert: database.prepare<[Row], Row>(upsertSql('files', fileRows.columns, ['user_id', 'file_id'], ['created_at'])),
    find: database.prepare<[string, string], Row>('SELECT * FROM files WHERE user_id = ? AND file_id = ?'),
    list: database.prepare<[string], Row>('SELECT * FROM files WHERE user_id = ? ORDER BY created_at DESC, rowid DESC'),
    delete: database.prepare<[string, string]>('DELETE FROM files WHERE user_id = ? AND file_id = ?'),
    clearTemporaryId: database.prepare<[number, string, string]>(
      'UPDATE files SET temp_file_id = NULL, updated_at = ? WHERE user_id = ? AND file_id = ? AND temp_file_id IS NOT NULL',
    ),
  };

  return {
    async upsert(file) {
      const now = new Date();
      const row = fileRows.toRow({
        ...file,
        embedded: file.embedded ?? false,
        width: file.width ?? null,
        height: file.height ?? null,
        conversationId: file.conversationId ?? null,
        temp_file_id: file.temp_file_id ?? null,
        createdAt: now,
        updatedAt: now,
      });
      return fileRows.fromRow(returnedRow(statements.upsert, row)!);
    },
    async find(userId, fileId) {
      const row = statements.find.get(userId, fileId);
      return row ? fileRows.fromRow(row) : null;
    },
    async list(userId) {
      return statements.list.all(userId).map(fileRows.fromRow);
    },
    async delete(userId, fileIds) {
      return transaction(() => {
        let deleted = 0;
        for (const fileId of new Set(fileIds)) deleted += statements.delete.run(userId, fileId).changes;
        return deleted;
      });
    },
    async clearTemporaryIds(userId, fileIds) {
      const now = Date.now();
      transaction(() => {
        for (const fileId of new Set(fileIds)) statements.clearTemporaryId.run(now, userId, fileId);
      });
    },
    exportBatch: exportRows(database, 'files', fileRows.fromRow),
  };
}
