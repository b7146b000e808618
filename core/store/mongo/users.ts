import { randomUUID } from 'node:crypto';
import type { Document, WithId } from 'mongodb';
import type { User, UsersRepository } from '../repositories/users.js';
import type { Collections } from './collections.js';
import { exportBatch, toRecord } from './documents.js';
import { userSearchChanges } from './conversations.js';
import { rethrowDuplicate } from './duplicates.js';
import type { RecordSearchChanges } from './search-outbox.js';

const userFields = ['id', 'name', 'username', 'email', 'emailVerified', 'avatar', 'provider', 'providerId', 'passwordHash', 'role', 'plugins', 'createdAt', 'updatedAt'] as const;

/** The document of a user: its fields plus the folded email the unique index and lookups use. */
export function userDocument(user: User): Document {
  const document: Document = Object.fromEntries(userFields.map((field) => [field, user[field]]));
  return { ...document, emailKey: emailKey(user.email) };
}

function emailKey(email: string): string {
  return email.toLowerCase();
}

const fromDocument = (document: WithId<Document>): User => toRecord<User>(document, ['emailKey']);

function duplicateMessage(keyPattern: Document): string {
  if ('provider' in keyPattern) return 'This social account is already linked to a user';
  if ('id' in keyPattern) return 'A user with this id already exists';
  return 'A user with this email already exists';
}

/** The collections whose records belong to a user, and the field that names the owner. */
const ownedBy: Array<[keyof Collections, string]> = [
  ['documentChunks', 'user'],
  ['documentTexts', 'user'],
  ['sessions', 'userId'],
  ['tokens', 'userId'],
  ['shares', 'userId'],
  ['messages', 'user'],
  ['conversations', 'user'],
  ['presets', 'user'],
  ['keys', 'userId'],
  ['pluginAuths', 'userId'],
  ['assistants', 'user'],
  ['actions', 'user'],
  ['transactions', 'userId'],
  ['balances', 'userId'],
  ['files', 'user'],
];

export function createUsersRepository(collections: Collections, recordSearchChanges: RecordSearchChanges): UsersRepository {
  const { users } = collections;

  return {
    async create(newUser) {
      const now = new Date();
      const user: User = {
        id: newUser.id ?? randomUUID(),
        name: newUser.name,
        username: newUser.username,
        email: newUser.email,
        emailVerified: newUser.emailVerified ?? false,
        avatar: newUser.avatar ?? null,
        provider: newUser.provider,
        providerId: newUser.providerId ?? null,
        passwordHash: newUser.passwordHash ?? null,
        role: newUser.role ?? 'USER',
        plugins: newUser.plugins ?? [],
        createdAt: now,
        updatedAt: now,
      };
      await rethrowDuplicate(() => users.insertOne(userDocument(user)), duplicateMessage, { email: user.email });
      return user;
    },
    async findById(id) {
      const document = await users.findOne({ id });
      return document ? fromDocument(document) : null;
    },
    async findByEmail(email) {
      const document = await users.findOne({ emailKey: emailKey(email) });
      return document ? fromDocument(document) : null;
    },
    async findByProvider(provider, providerId) {
      const document = await users.findOne({ provider, providerId });
      return document ? fromDocument(document) : null;
    },
    async list({ offset, limit }) {
      // _id (an ObjectId) breaks ties in insertion order, as the SQLite rowid does.
      const documents = await users.find({}).sort({ createdAt: 1, _id: 1 }).skip(offset).limit(limit).toArray();
      return documents.map(fromDocument);
    },
    async count() {
      return users.countDocuments({});
    },
    async update(id, patch) {
      const changes: Document = { updatedAt: new Date() };
      // The identity and timestamps are the store's, whatever a loosely typed caller passes.
      for (const field of userFields) {
        const value = (patch as Partial<User>)[field];
        if (value !== undefined && field !== 'id' && field !== 'createdAt' && field !== 'updatedAt') changes[field] = value;
      }
      if (typeof changes.email === 'string') changes.emailKey = emailKey(changes.email);
      const document = await rethrowDuplicate(
        () => users.findOneAndUpdate({ id }, { $set: changes }, { returnDocument: 'after' }),
        duplicateMessage,
        { email: changes.email },
      );
      return document ? fromDocument(document) : null;
    },
    async delete(id) {
      // No transaction spans the collections: the owned records go first, so an interrupted delete
      // leaves the user in place to delete again rather than records nobody can reach.
      for (const [name, owner] of ownedBy) await collections[name].deleteMany({ [owner]: id });
      const deleted = (await users.deleteOne({ id })).deletedCount > 0;
      if (deleted) await recordSearchChanges([...userSearchChanges(id), { index: 'document_chunks', kind: 'user', userId: id, documentId: id }]);
      return deleted;
    },
    async exportBatch(after, limit) {
      return exportBatch(users, after, limit, fromDocument);
    },
  };
}
