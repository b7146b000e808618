import { randomUUID } from 'node:crypto';
import type { AuthProvider, User, UsersRepository } from '../repositories/users.js';
import { rethrowDuplicate, type SqliteConnection } from './database.js';
import { exportRows } from './export-rows.js';
import { applyPatch, createRowMapper, returnedRow, insertSql, updateSql, type Row } from './row-mapping.js';

const userRows = createRowMapper<User>({
  id: ['id', 'text'],
  name: ['name', 'text'],
  username: ['username', 'text'],
  email: ['email', 'text'],
  emailVerified: ['email_verified', 'boolean'],
  avatar: ['avatar', 'text'],
  provider: ['provider', 'text'],
  providerId: ['provider_id', 'text'],
  passwordHash: ['password_hash', 'text'],
  role: ['role', 'text'],
  plugins: ['plugins', 'json'],
  createdAt: ['created_at', 'date'],
  updatedAt: ['updated_at', 'date'],
});

const columns = [...userRows.columns, 'email_key'];

/** Emails are unique and looked up case-insensitively; the key column holds the folded form. */
function emailKey(email: string): string {
  return email.toLowerCase();
}

function duplicateMessage(sqliteMessage: string): string {
  if (sqliteMessage.includes('users.provider')) return 'This social account is already linked to a user';
  if (sqliteMessage.includes('users.id')) return 'A user with this id already exists';
  return 'A user with this email already exists';
}

function toRow(user: User): Row {
  return { ...userRows.toRow(user), email_key: emailKey(user.email) };
}

export function createUsersRepository({ database, transaction }: SqliteConnection): UsersRepository {
  const statements = {
    insert: database.prepare<[Row], Row>(insertSql('users', columns)),
    update: database.prepare<[Row], Row>(updateSql('users', columns, ['id'])),
    findById: database.prepare<[string], Row>('SELECT * FROM users WHERE id = ?'),
    findByEmail: database.prepare<[string], Row>('SELECT * FROM users WHERE email_key = ?'),
    findByProvider: database.prepare<[string, string], Row>('SELECT * FROM users WHERE provider = ? AND provider_id = ?'),
    list: database.prepare<[number, number], Row>('SELECT * FROM users ORDER BY created_at, rowid LIMIT ? OFFSET ?'),
    count: database.prepare<[], { total: number }>('SELECT COUNT(*) AS total FROM users'),
    delete: database.prepare<[string]>('DELETE FROM users WHERE id = ?'),
  };

  const findById = (id: string): User | null => {
    const row = statements.findById.get(id);
    return row ? userRows.fromRow(row) : null;
  };

  const write = (statement: typeof statements.insert, user: User): User =>
    rethrowDuplicate(() => userRows.fromRow(returnedRow(statement, toRow(user))!), duplicateMessage, { email: user.email });

  return {
    async create(newUser) {
      const now = new Date();
      const user: User = {
        emailVerified: false,
        avatar: null,
        plugins: [],
        role: 'USER',
        providerId: null,
        ...newUser,
        id: newUser.id ?? randomUUID(),
        createdAt: now,
        updatedAt: now,
      };
      return write(statements.insert, user);
    },
    async findById(id) {
      return findById(id);
    },
    async findByEmail(email) {
      const row = statements.findByEmail.get(emailKey(email));
      return row ? userRows.fromRow(row) : null;
    },
    async findByProvider(provider: AuthProvider, providerId: string) {
      const row = statements.findByProvider.get(provider, providerId);
      return row ? userRows.fromRow(row) : null;
    },
    async list({ offset, limit }) {
      return statements.list.all(limit, offset).map(userRows.fromRow);
    },
    async count() {
      return statements.count.get()!.total;
    },
    async update(id, patch) {
      // The identity and timestamps are the store's, whatever a loosely typed caller passes.
      const { id: _id, createdAt: _createdAt, updatedAt: _updatedAt, ...changes } = patch as Partial<User>;
      return transaction(() => {
        const existing = findById(id);
        return existing ? write(statements.update, { ...applyPatch(existing, changes), updatedAt: new Date() }) : null;
      });
    },
    async delete(id) {
      // Every user-owned table references users with ON DELETE CASCADE: one statement removes it all.
      return statements.delete.run(id).changes > 0;
    },
    exportBatch: exportRows(database, 'users', userRows.fromRow),
  };
}
