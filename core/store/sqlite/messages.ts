import type { Message, MessagesRepository } from '../repositories/messages.js';
import type { SqliteConnection } from './database.js';
import { exportRows } from './export-rows.js';
import { applyPatch, createRowMapper, returnedRow, upsertSql, type Row } from './row-mapping.js';

/** Exported for the search outbox scan, which reads the same rows. */
export const messageRows = createRowMapper<Message>(
  {
    user: ['user_id', 'text'],
    messageId: ['message_id', 'text'],
    conversationId: ['conversation_id', 'text'],
    parentMessageId: ['parent_message_id', 'text'],
    sender: ['sender', 'text'],
    text: ['text', 'text'],
    isCreatedByUser: ['is_created_by_user', 'boolean'],
    error: ['error', 'boolean'],
    unfinished: ['unfinished', 'boolean'],
    createdAt: ['created_at', 'date'],
    updatedAt: ['updated_at', 'date'],
  },
  { restColumn: 'extra' },
);

export function createMessagesRepository({ database, transaction }: SqliteConnection): MessagesRepository {
  const statements = {
    upsert: database.prepare<[Row], Row>(upsertSql('messages', messageRows.columns, ['user_id', 'message_id'], ['created_at'])),
    find: database.prepare<[string, string], Row>('SELECT * FROM messages WHERE user_id = ? AND message_id = ?'),
    // rowid keeps insertion order among messages written in the same millisecond.
    listByConversation: database.prepare<[string, string], Row>(
      'SELECT * FROM messages WHERE user_id = ? AND conversation_id = ? ORDER BY created_at, rowid',
    ),
    deleteByConversation: database.prepare<[string, string]>('DELETE FROM messages WHERE user_id = ? AND conversation_id = ?'),
  };

  const find = (userId: string, messageId: string): Message | null => {
    const row = statements.find.get(userId, messageId);
    return row ? messageRows.fromRow(row) : null;
  };
  const save = (message: Message): Message => messageRows.fromRow(returnedRow(statements.upsert, messageRows.toRow(message))!);

  return {
    async upsert(message) {
      const now = new Date();
      return save({
        ...message,
        // Flags a loosely typed caller may leave out; the columns are NOT NULL.
        isCreatedByUser: message.isCreatedByUser ?? false,
        error: message.error ?? false,
        unfinished: message.unfinished ?? false,
        createdAt: message.createdAt ?? now,
        updatedAt: message.updatedAt ?? now,
      });
    },
    async find(userId, messageId) {
      return find(userId, messageId);
    },
    async listByConversation(userId, conversationId) {
      return statements.listByConversation.all(userId, conversationId).map(messageRows.fromRow);
    },
    async update(userId, messageId, patch) {
      return transaction(() => {
        const existing = find(userId, messageId);
        if (!existing) return null;
        const { messageId: _id, conversationId: _conversationId, user: _user, createdAt: _createdAt, ...changes } = patch as Partial<Message>;
        return save({ ...applyPatch(existing, changes), updatedAt: changes.updatedAt ?? new Date() });
      });
    },
    async deleteByConversation(userId, conversationId) {
      return statements.deleteByConversation.run(userId, conversationId).changes;
    },
    exportBatch: exportRows(database, 'messages', messageRows.fromRow),
  };
}
