import type { Migration } from '../migrate.js';

/**
 * The tool credentials users enter in the plugin store (issue 17 §3), encrypted by core. One row per
 * user, tool and field; deleting the user drops them in the same statement.
 */
export const pluginAuthsMigration: Migration = {
  version: 8,
  name: 'plugin-auths',
  sql: /* sql */ `
CREATE TABLE plugin_auths (
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  plugin_key TEXT NOT NULL,
  auth_field TEXT NOT NULL,
  value TEXT NOT NULL,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, plugin_key, auth_field)
) STRICT;
`,
};
