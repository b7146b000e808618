import type { Migration } from '../migrate.js';

/** Migration 004's update trigger on `content`, now only when the indexed text or its owner changed. */
function updateTriggerWhenChanged(fts: string, content: string, column: string): string {
  return `
DROP TRIGGER ${fts}_update;
CREATE TRIGGER ${fts}_update AFTER UPDATE OF ${column}, user_id ON ${content}
WHEN old.${column} IS NOT new.${column} OR old.user_id IS NOT new.user_id BEGIN
  INSERT INTO ${fts} (${fts}, rowid, ${column}, user_id) VALUES ('delete', old.rowid, old.${column}, old.user_id);
  INSERT INTO ${fts} (rowid, ${column}, user_id) VALUES (new.rowid, new.${column}, new.user_id);
END;`;
}

/**
 * The repositories write a record whole (an upsert), so every update names the indexed column and
 * fired the full-text trigger even when the text stayed the same: each turn's conversation update
 * (model, updatedAt) re-indexed the title, a delete and an insert in FTS5. Now the index is only
 * touched when what it holds changes.
 */
export const unchangedTextSkipsIndexMigration: Migration = {
  version: 5,
  name: 'unchanged-text-skips-index',
  sql: /* sql */ `${updateTriggerWhenChanged('messages_fts', 'messages', 'text')}
${updateTriggerWhenChanged('conversations_fts', 'conversations', 'title')}
`,
};
