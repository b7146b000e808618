import type { RefreshSession, SessionsRepository } from '../repositories/sessions.js';
import { rethrowDuplicate, type SqliteConnection } from './database.js';
import { exportRows } from './export-rows.js';
import { createRowMapper, returnedRow, insertSql, type Row } from './row-mapping.js';

const sessionRows = createRowMapper<RefreshSession>({
  id: ['id', 'text'],
  userId: ['user_id', 'text'],
  familyId: ['family_id', 'text'],
  tokenHash: ['token_hash', 'text'],
  expiresAt: ['expires_at', 'date'],
  rotatedAt: ['rotated_at', 'date'],
  createdAt: ['created_at', 'date'],
});

export function createSessionsRepository({ database }: SqliteConnection): SessionsRepository {
  const statements = {
    insert: database.prepare<[Row], Row>(insertSql('refresh_sessions', sessionRows.columns)),
    findByTokenHash: database.prepare<[string], Row>('SELECT * FROM refresh_sessions WHERE token_hash = ?'),
    // The IS NULL guard makes the check and the write one step: of two concurrent refreshes, one wins.
    markRotated: database.prepare<[number, string]>('UPDATE refresh_sessions SET rotated_at = ? WHERE id = ? AND rotated_at IS NULL'),
    deleteFamily: database.prepare<[string]>('DELETE FROM refresh_sessions WHERE family_id = ?'),
    deleteByUser: database.prepare<[string]>('DELETE FROM refresh_sessions WHERE user_id = ?'),
    deleteExpired: database.prepare<[number]>('DELETE FROM refresh_sessions WHERE expires_at <= ?'),
  };

  return {
    async create(session) {
      const row = sessionRows.toRow({ ...session, rotatedAt: null, createdAt: new Date() });
      return rethrowDuplicate(() => sessionRows.fromRow(returnedRow(statements.insert, row)!), 'This refresh session already exists');
    },
    async findByTokenHash(tokenHash) {
      const row = statements.findByTokenHash.get(tokenHash);
      return row ? sessionRows.fromRow(row) : null;
    },
    async markRotated(id, at) {
      return statements.markRotated.run(at.getTime(), id).changes === 1;
    },
    async deleteFamily(familyId) {
      return statements.deleteFamily.run(familyId).changes;
    },
    async deleteByUser(userId) {
      return statements.deleteByUser.run(userId).changes;
    },
    async deleteExpired(now) {
      return statements.deleteExpired.run(now.getTime()).changes;
    },
    exportBatch: exportRows(database, 'refresh_sessions', sessionRows.fromRow),
  };
}
