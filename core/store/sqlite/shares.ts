import type { Share, SharedMessage, SharesRepository, ShareSummary } from '../repositories/shares.js';
import type { SqliteConnection } from './database.js';
import { rethrowDuplicate } from './database.js';
import { exportRows } from './export-rows.js';
import { createRowMapper, insertSql, returnedRow, type Row } from './row-mapping.js';

type ShareRow = Omit<Share, 'messages'> & { messages: Array<Omit<SharedMessage, 'createdAt'> & { createdAt: string }>; messageCount: number };

const shareRows = createRowMapper<ShareRow>({
  shareId: ['share_id', 'text'],
  userId: ['user_id', 'text'],
  conversationId: ['conversation_id', 'text'],
  title: ['title', 'text'],
  messages: ['messages', 'json'],
  messageCount: ['message_count', 'number'],
  createdAt: ['created_at', 'date'],
  updatedAt: ['updated_at', 'date'],
});

function toRow(share: Share): Row {
  const messages = share.messages.map((message) => ({ ...message, createdAt: message.createdAt.toISOString() }));
  return shareRows.toRow({ ...share, messages, messageCount: messages.length });
}

function fromRow(row: Row): Share {
  const { messageCount: _messageCount, ...share } = shareRows.fromRow(row);
  return { ...share, messages: share.messages.map((message) => ({ ...message, createdAt: new Date(message.createdAt) })) };
}

const summaryColumns = 'share_id, user_id, conversation_id, title, message_count, created_at, updated_at';

function summaryFromRow(row: Row): ShareSummary {
  const { messages: _messages, ...summary } = shareRows.fromRow({ ...row, messages: null });
  return summary;
}

export function createSharesRepository({ database }: SqliteConnection): SharesRepository {
  const statements = {
    insert: database.prepare<[Row], Row>(insertSql('shares', shareRows.columns)),
    update: database.prepare<[string, number, number, string, string, string], Row>(
      'UPDATE shares SET title = ?, updated_at = ?, message_count = ?, messages = ? WHERE user_id = ? AND share_id = ? RETURNING *',
    ),
    find: database.prepare<[string], Row>('SELECT * FROM shares WHERE share_id = ?'),
    findByConversation: database.prepare<[string, string], Row>(`SELECT ${summaryColumns} FROM shares WHERE user_id = ? AND conversation_id = ?`),
    list: database.prepare<[string, number, number], Row>(`SELECT ${summaryColumns} FROM shares WHERE user_id = ? ORDER BY created_at DESC, rowid DESC LIMIT ? OFFSET ?`),
    count: database.prepare<[string], { total: number }>('SELECT COUNT(*) AS total FROM shares WHERE user_id = ?'),
    delete: database.prepare<[string, string]>('DELETE FROM shares WHERE user_id = ? AND share_id = ?'),
  };

  return {
    async create(share) {
      const now = new Date();
      const row = rethrowDuplicate(() => returnedRow(statements.insert, toRow({ ...share, createdAt: now, updatedAt: now })), 'This conversation already has a shared link');
      return fromRow(row!);
    },
    async update(userId, shareId, { title, messages }) {
      const encoded = JSON.stringify(messages.map((message) => ({ ...message, createdAt: message.createdAt.toISOString() })));
      const row = returnedRow(statements.update, title, Date.now(), messages.length, encoded, userId, shareId);
      return row ? fromRow(row) : null;
    },
    async find(shareId) {
      const row = statements.find.get(shareId);
      return row ? fromRow(row) : null;
    },
    async findByConversation(userId, conversationId) {
      const row = statements.findByConversation.get(userId, conversationId);
      return row ? summaryFromRow(row) : null;
    },
    async list(userId, { offset, limit }) {
      const items = statements.list.all(userId, limit, offset).map(summaryFromRow);
      return { items, total: statements.count.get(userId)?.total ?? 0 };
    },
    async delete(userId, shareId) {
      return statements.delete.run(userId, shareId).changes > 0;
    },
    exportBatch: exportRows(database, 'shares', fromRow),
  };
}
