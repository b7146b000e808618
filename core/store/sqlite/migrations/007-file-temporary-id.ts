import type { Migration } from '../migrate.js';

/** The client's id of an upload (LibreChat's `temp_file_id`), kept on the file record as LibreChat keeps it. */
export const fileTemporaryIdMigration: Migration = {
  version: 7,
  name: 'file-temporary-id',
  sql: /* sql */ `ALTER TABLE files ADD COLUMN temp_file_id TEXT;`,
};
