import type { Migration } from '../migrate.js';

/**
 * The first schema. Every user-owned table keys on (user_id, id) so a lookup can never cross users
 * and ids are scoped by owner, and cascades from users so deleting a user leaves nothing behind.
 * Dates are integer ms, booleans 0/1, JSON as text. Tables are STRICT: a wrongly encoded value fails
 * loudly instead of being stored as something else.
 */
export const initialMigration: Migration = {
  version: 1,
  name: 'initial',
  sql: /* sql */ `
CREATE TABLE users (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  username TEXT NOT NULL,
  email TEXT NOT NULL,
  -- The lower-cased email: SQLite's NOCASE folds ASCII only, this folds what JavaScript folds.
  email_key TEXT NOT NULL UNIQUE,
  email_verified INTEGER NOT NULL,
  avatar TEXT,
  provider TEXT NOT NULL,
  provider_id TEXT,
  password_hash TEXT,
  role TEXT NOT NULL,
  plugins TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
) STRICT;
CREATE UNIQUE INDEX users_provider ON users (provider, provider_id) WHERE provider_id IS NOT NULL;
CREATE INDEX users_created ON users (created_at);

CREATE TABLE refresh_sessions (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  family_id TEXT NOT NULL,
  token_hash TEXT NOT NULL UNIQUE,
  expires_at INTEGER NOT NULL,
  rotated_at INTEGER,
  created_at INTEGER NOT NULL
) STRICT;
CREATE INDEX refresh_sessions_family ON refresh_sessions (family_id);
CREATE INDEX refresh_sessions_user ON refresh_sessions (user_id);
CREATE INDEX refresh_sessions_expires ON refresh_sessions (expires_at);

CREATE TABLE one_time_tokens (
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose TEXT NOT NULL,
  token_hash TEXT NOT NULL,
  expires_at INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, purpose)
) STRICT;
CREATE INDEX one_time_tokens_expires ON one_time_tokens (expires_at);

CREATE TABLE conversations (
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  conversation_id TEXT NOT NULL,
  title TEXT NOT NULL,
  -- EndpointOptions and any other option the wire carries, as one JSON object.
  options TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, conversation_id)
) STRICT;
-- The conversation list pages by newest update.
CREATE INDEX conversations_user_updated ON conversations (user_id, updated_at DESC);

-- A rowid table on purpose: the FTS5 index of a later migration uses the rowid as its content key.
CREATE TABLE messages (
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  message_id TEXT NOT NULL,
  conversation_id TEXT NOT NULL,
  parent_message_id TEXT NOT NULL,
  sender TEXT NOT NULL,
  text TEXT NOT NULL,
  is_created_by_user INTEGER NOT NULL,
  error INTEGER NOT NULL,
  unfinished INTEGER NOT NULL,
  -- Optional fields (model, content parts, files, token count …) as one JSON object.
  extra TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, message_id)
) STRICT;
CREATE INDEX messages_user_conversation_created ON messages (user_id, conversation_id, created_at);

CREATE TABLE presets (
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  preset_id TEXT NOT NULL,
  title TEXT NOT NULL,
  default_preset INTEGER NOT NULL,
  order_index REAL,
  options TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, preset_id)
) STRICT;
-- At most one default preset per user, whatever the code above does.
CREATE UNIQUE INDEX presets_single_default ON presets (user_id) WHERE default_preset = 1;

CREATE TABLE user_keys (
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  value TEXT NOT NULL,
  expires_at INTEGER,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, name)
) STRICT;
CREATE INDEX user_keys_expires ON user_keys (expires_at) WHERE expires_at IS NOT NULL;

CREATE TABLE balances (
  user_id TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  balance REAL NOT NULL
) STRICT;

CREATE TABLE transactions (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  conversation_id TEXT,
  token_type TEXT NOT NULL,
  model TEXT,
  context TEXT NOT NULL,
  raw_amount REAL NOT NULL,
  rate REAL NOT NULL,
  token_value REAL NOT NULL,
  created_at INTEGER NOT NULL
) STRICT;
CREATE INDEX transactions_user_created ON transactions (user_id, created_at DESC);

-- Keyed 'user:<id>' or 'ip:<address>': an IP ban has no user, so no foreign key here.
CREATE TABLE bans (
  key TEXT PRIMARY KEY,
  reason TEXT NOT NULL,
  expires_at INTEGER NOT NULL,
  created_at INTEGER NOT NULL
) STRICT;
CREATE INDEX bans_expires ON bans (expires_at);

CREATE TABLE violations (
  key TEXT NOT NULL,
  type TEXT NOT NULL,
  count INTEGER NOT NULL,
  last_at INTEGER NOT NULL,
  PRIMARY KEY (key, type)
) STRICT;

CREATE TABLE files (
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  file_id TEXT NOT NULL,
  filename TEXT NOT NULL,
  filepath TEXT NOT NULL,
  type TEXT NOT NULL,
  bytes INTEGER NOT NULL,
  source TEXT NOT NULL,
  context TEXT NOT NULL,
  embedded INTEGER NOT NULL,
  width INTEGER,
  height INTEGER,
  conversation_id TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, file_id)
) STRICT;
CREATE INDEX files_user_created ON files (user_id, created_at DESC);
`,
};
