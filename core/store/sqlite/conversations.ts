import type { Conversation, ConversationsRepository } from '../repositories/conversations.js';
import type { SqliteConnection } from './database.js';
import { exportRows } from './export-rows.js';
import { messageRows } from './messages.js';
import { applyPatch, createRowMapper, returnedRow, upsertSql, type Row } from './row-mapping.js';

/** Exported for the search outbox scan, which reads the same rows. */
export const conversationRows = createRowMapper<Conversation>(
  {
    user: ['user_id', 'text'],
    conversationId: ['conversation_id', 'text'],
    title: ['title', 'text'],
    createdAt: ['created_at', 'date'],
    updatedAt: ['updated_at', 'date'],
  },
  { restColumn: 'options' },
);

export function createConversationsRepository({ database, transaction }: SqliteConnection): ConversationsRepository {
  const statements = {
    upsert: database.prepare<[Row], Row>(upsertSql('conversations', conversationRows.columns, ['user_id', 'conversation_id'], ['created_at'])),
    find: database.prepare<[string, string], Row>('SELECT * FROM conversations WHERE user_id = ? AND conversation_id = ?'),
    // Served by the (user_id, updated_at DESC) index; conversation_id breaks ties so pages never overlap.
    list: database.prepare<[string, number, number], Row>(
      'SELECT * FROM conversations WHERE user_id = ? ORDER BY updated_at DESC, conversation_id DESC LIMIT ? OFFSET ?',
    ),
    count: database.prepare<[string], { total: number }>('SELECT COUNT(*) AS total FROM conversations WHERE user_id = ?'),
    deleteOne: database.prepare<[string, string]>('DELETE FROM conversations WHERE user_id = ? AND conversation_id = ?'),
    deleteMessagesOf: database.prepare<[string, string]>('DELETE FROM messages WHERE user_id = ? AND conversation_id = ?'),
    deleteAll: database.prepare<[string]>('DELETE FROM conversations WHERE user_id = ?'),
    upsertMessage: database.prepare<[Row], Row>(upsertSql('messages', messageRows.columns, ['user_id', 'message_id'], ['created_at'])),
    deleteAllMessages: database.prepare<[string]>('DELETE FROM messages WHERE user_id = ?'),
  };

  const find = (userId: string, conversationId: string): Conversation | null => {
    const row = statements.find.get(userId, conversationId);
    return row ? conversationRows.fromRow(row) : null;
  };
  const save = (conversation: Conversation): Conversation => conversationRows.fromRow(returnedRow(statements.upsert, conversationRows.toRow(conversation))!);

  return {
    async upsert(conversation) {
      const now = new Date();
      return save({ ...conversation, createdAt: conversation.createdAt ?? now, updatedAt: conversation.updatedAt ?? now });
    },
    async find(userId, conversationId) {
      return find(userId, conversationId);
    },
    async insertWithMessages(conversation, messages) {
      // One transaction: the FTS5 triggers index the messages in it, and a failure leaves nothing behind.
      return transaction(() => {
        if (find(conversation.user, conversation.conversationId)) return false;
        statements.deleteMessagesOf.run(conversation.user, conversation.conversationId);
        for (const message of messages) statements.upsertMessage.run(messageRows.toRow(message));
        save(conversation);
        return true;
      });
    },
    async list(userId, { offset, limit }) {
      return transaction(() => ({
        items: statements.list.all(userId, limit, offset).map(conversationRows.fromRow),
        total: statements.count.get(userId)!.total,
      }));
    },
    async update(userId, conversationId, patch) {
      return transaction(() => {
        const existing = find(userId, conversationId);
        if (!existing) return null;
        const { conversationId: _id, user: _user, createdAt: _createdAt, ...changes } = patch as Partial<Conversation>;
        return save({ ...applyPatch(existing, changes), updatedAt: changes.updatedAt ?? new Date() });
      });
    },
    async delete(userId, conversationIds) {
      return transaction(() => {
        let deleted = 0;
        for (const conversationId of new Set(conversationIds)) {
          statements.deleteMessagesOf.run(userId, conversationId);
          deleted += statements.deleteOne.run(userId, conversationId).changes;
        }
        return deleted;
      });
    },
    async deleteAll(userId) {
      return transaction(() => {
        statements.deleteAllMessages.run(userId);
        return statements.deleteAll.run(userId).changes;
      });
    },
    exportBatch: exportRows(database, 'conversations', conversationRows.fromRow),
  };
}
