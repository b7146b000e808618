import type { Migration } from '../migrate.js';
import { initialMigration } from './001-initial.js';
import { fullTextSearchMigration } from './002-full-text-search.js';
import { searchOutboxMigration } from './003-search-outbox.js';
import { userScopedSearchMigration } from './004-user-scoped-search.js';
import { unchangedTextSkipsIndexMigration } from './005-unchanged-text-skips-index.js';
import { documentChunksMigration } from './006-document-chunks.js';
import { fileTemporaryIdMigration } from './007-file-temporary-id.js';
import { pluginAuthsMigration } from './008-plugin-auths.js';
import { assistantsMigration } from './009-assistants.js';
import { sharesMigration } from './010-shares.js';
import { actionsMigration } from './011-actions.js';
import { passageOutboxMigration } from './012-passage-outbox.js';

/** Every migration in order. Listed by hand: the order is part of the schema's history. */
export const migrations: readonly Migration[] = [initialMigration, fullTextSearchMigration, searchOutboxMigration, userScopedSearchMigration, unchangedTextSkipsIndexMigration, documentChunksMigration, fileTemporaryIdMigration, pluginAuthsMigration, assistantsMigration, sharesMigration, actionsMigration, passageOutboxMigration];
