import { randomUUID } from 'node:crypto';
import type { BalancesRepository, Transaction } from '../repositories/balances.js';
import type { SqliteConnection } from './database.js';
import { exportRows } from './export-rows.js';
import { createRowMapper, returnedRow, insertSql, type Row } from './row-mapping.js';

const transactionRows = createRowMapper<Transaction>({
  id: ['id', 'text'],
  userId: ['user_id', 'text'],
  conversationId: ['conversation_id', 'text'],
  tokenType: ['token_type', 'text'],
  model: ['model', 'text'],
  context: ['context', 'text'],
  rawAmount: ['raw_amount', 'number'],
  rate: ['rate', 'number'],
  tokenValue: ['token_value', 'number'],
  createdAt: ['created_at', 'date'],
});

export function createBalancesRepository({ database, transaction }: SqliteConnection): BalancesRepository {
  const statements = {
    get: database.prepare<[string], { balance: number }>('SELECT balance FROM balances WHERE user_id = ?'),
    insertTransaction: database.prepare<[Row]>(insertSql('transactions', transactionRows.columns)),
    // Adds in SQL rather than read-then-write, so concurrent turns of one user never lose an update.
    applyToBalance: database.prepare<[string, number], { balance: number }>(
      'INSERT INTO balances (user_id, balance) VALUES (?, ?) ON CONFLICT (user_id) DO UPDATE SET balance = balance + excluded.balance RETURNING balance',
    ),
    listTransactions: database.prepare<[string, number, number], Row>(
      'SELECT * FROM transactions WHERE user_id = ? ORDER BY created_at DESC, rowid DESC LIMIT ? OFFSET ?',
    ),
    lastTransaction: database.prepare<[string, string], Row>(
      'SELECT * FROM transactions WHERE user_id = ? AND context = ? ORDER BY created_at DESC, rowid DESC LIMIT 1',
    ),
    listBalances: database.prepare<[], { user_id: string; balance: number }>('SELECT user_id, balance FROM balances ORDER BY user_id'),
  };

  return {
    async get(userId) {
      return statements.get.get(userId)?.balance ?? 0;
    },
    async find(userId) {
      return statements.get.get(userId)?.balance ?? null;
    },
    async record(entry) {
      const row = transactionRows.toRow({ ...entry, id: randomUUID(), createdAt: new Date() });
      return transaction(() => {
        statements.insertTransaction.run(row);
        return returnedRow(statements.applyToBalance, entry.userId, entry.tokenValue)!.balance;
      });
    },
    async listTransactions(userId, { offset, limit }) {
      return statements.listTransactions.all(userId, limit, offset).map(transactionRows.fromRow);
    },
    async lastTransactionAt(userId, context) {
      const row = statements.lastTransaction.get(userId, context);
      return row ? transactionRows.fromRow(row).createdAt : null;
    },
    async listBalances() {
      return statements.listBalances.all().map((row) => ({ userId: row.user_id, balance: row.balance }));
    },
    exportBatch: exportRows(database, 'balances', (row) => ({ userId: String(row.user_id), balance: Number(row.balance) })),
    exportTransactions: exportRows(database, 'transactions', transactionRows.fromRow),
  };
}
