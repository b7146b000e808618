import type { ActionsRepository } from './repositories/actions.js';
import type { AssistantsRepository } from './repositories/assistants.js';
import type { BalancesRepository } from './repositories/balances.js';
import type { BansRepository } from './repositories/bans.js';
import type { ConversationsRepository } from './repositories/conversations.js';
import type { DocumentChunksRepository } from './repositories/document-chunks.js';
import type { FilesRepository } from './repositories/files.js';
import type { KeysRepository } from './repositories/keys.js';
import type { MessagesRepository } from './repositories/messages.js';
import type { PluginAuthsRepository } from './repositories/plugin-auths.js';
import type { PresetsRepository } from './repositories/presets.js';
import type { SearchOutboxRepository } from './repositories/search-outbox.js';
import type { SessionsRepository } from './repositories/sessions.js';
import type { SharesRepository } from './repositories/shares.js';
import type { TokensRepository } from './repositories/tokens.js';
import type { UsersRepository } from './repositories/users.js';

/**
 * The storage contract: the Store, one repository per record kind (one file each in repositories/).
 * Every driver (sqlite/, mongo/) implements them unchanged, and the conformance suite in conformance/
 * runs against any of them. Ids are strings minted by core (UUIDs), so a record moves between drivers
 * without translation. Dates are Date objects. Every user-owned lookup takes the owner's id, so a
 * driver can never hand one user's data to another. Ids of user-owned records (conversationId,
 * messageId, presetId, file_id, key name) are scoped by owner: another user saving a record with the
 * same id gets their own record and never changes the owner's. In a patch, an undefined field leaves
 * the stored value as it is (null clears it). A record has expired when its expiresAt is at or before
 * `now`.
 */
export interface Store {
  /** 'sqlite' or 'mongodb'. */
  readonly driver: string;
  users: UsersRepository;
  sessions: SessionsRepository;
  tokens: TokensRepository;
  conversations: ConversationsRepository;
  messages: MessagesRepository;
  presets: PresetsRepository;
  keys: KeysRepository;
  /** Tool credentials entered in the plugin store, encrypted by core. */
  pluginAuths: PluginAuthsRepository;
  /** Assistants (OpenAI v1 shape), owned by their author. */
  assistants: AssistantsRepository;
  /** OpenAPI actions of assistants; their secrets sealed by core. */
  actions: ActionsRepository;
  balances: BalancesRepository;
  bans: BansRepository;
  files: FilesRepository;
  /** Documents' extracted text and chunks, for the built-in document index. */
  documentChunks: DocumentChunksRepository;
  /** Feeds the external search index (Meilisearch). */
  searchOutbox: SearchOutboxRepository;
  /** Read-only links to snapshots of conversations. */
  shares: SharesRepository;
  close(): Promise<void>;
}
