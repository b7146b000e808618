import type { Migration } from '../migrate.js';

/**
 * Assistants (issue 18), kept by chatbox since OpenAI's Assistants API is gone. Keyed by owner and
 * id like every user-owned record; lists page by (created_at, id). Deleting the user drops them.
 */
export const assistantsMigration: Migration = {
  version: 9,
  name: 'assistants',
  sql: /* sql */ `
CREATE TABLE assistants (
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  id TEXT NOT NULL,
  name TEXT,
  description TEXT,
  instructions TEXT,
  model TEXT NOT NULL,
  tools TEXT NOT NULL,
  file_ids TEXT NOT NULL,
  metadata TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, id)
) STRICT;
CREATE INDEX assistants_by_user_created ON assistants (user_id, created_at, id);
`,
};
