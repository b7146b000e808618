import type { OneTimeToken, TokensRepository } from '../repositories/tokens.js';
import type { SqliteConnection } from './database.js';
import { exportRows } from './export-rows.js';
import { createRowMapper, returnedRow, type Row } from './row-mapping.js';

const tokenRows = createRowMapper<OneTimeToken>({
  userId: ['user_id', 'text'],
  purpose: ['purpose', 'text'],
  tokenHash: ['token_hash', 'text'],
  expiresAt: ['expires_at', 'date'],
  createdAt: ['created_at', 'date'],
});

export function createTokensRepository({ database }: SqliteConnection): TokensRepository {
  const statements = {
    // The primary key is (user, purpose): a new reset link replaces the previous one.
    put: database.prepare<[Row]>(
      'INSERT OR REPLACE INTO one_time_tokens (user_id, purpose, token_hash, expires_at, created_at) ' +
        'VALUES (@user_id, @purpose, @token_hash, @expires_at, @created_at)',
    ),
    // DELETE … RETURNING finds and consumes in one statement, so two requests cannot both use a token.
    take: database.prepare<[string, string, string], Row>(
      'DELETE FROM one_time_tokens WHERE user_id = ? AND purpose = ? AND token_hash = ? RETURNING *',
    ),
    deleteExpired: database.prepare<[number]>('DELETE FROM one_time_tokens WHERE expires_at <= ?'),
  };

  return {
    async put(token) {
      statements.put.run(tokenRows.toRow({ ...token, createdAt: new Date() }));
    },
    async take(userId, purpose, tokenHash) {
      const row = returnedRow(statements.take, userId, purpose, tokenHash);
      return row ? tokenRows.fromRow(row) : null;
    },
    async deleteExpired(now) {
      return statements.deleteExpired.run(now.getTime()).changes;
    },
    exportBatch: exportRows(database, 'one_time_tokens', tokenRows.fromRow),
  };
}
