import type { Migration } from '../migrate.js';

/**
 * Shared links (issue 20 §3): a snapshot of one conversation's branch behind an unguessable id.
 * The foreign key to the conversation removes the link with the conversation (and so with the
 * user); one link per conversation, as in LibreChat. Versions 9 and 10 belong to other branches.
 */
export const sharesMigration: Migration = {
  version: 10,
  name: 'shares',
  sql: /* sql */ `
CREATE TABLE shares (
  share_id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,
  conversation_id TEXT NOT NULL,
  title TEXT NOT NULL,
  -- The snapshot's messages (SharedMessage[]) as one JSON array: always read and replaced whole.
  messages TEXT NOT NULL,
  message_count INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  UNIQUE (user_id, conversation_id),
  FOREIGN KEY (user_id, conversation_id) REFERENCES conversations (user_id, conversation_id) ON DELETE CASCADE
) STRICT;
CREATE INDEX shares_user_created ON shares (user_id, created_at DESC);
`,
};
