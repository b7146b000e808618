import type { Migration } from '../migrate.js';

/**
 * OpenAPI actions of assistants (issue 19). Owner-scoped ids like every user-owned record; the
 * metadata (spec, auth settings, sealed secrets) is read and written whole, so it is one JSON column.
 * Deleting the user drops them.
 */
export const actionsMigration: Migration = {
  version: 11,
  name: 'actions',
  sql: /* sql */ `
CREATE TABLE actions (
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  action_id TEXT NOT NULL,
  assistant_id TEXT NOT NULL,
  metadata TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, action_id)
) STRICT;
CREATE INDEX actions_by_assistant ON actions (user_id, assistant_id, created_at);
`,
};
