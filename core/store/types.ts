/**
 * The storage contracts. Every driver (sqlite/, later mongo/) implements these unchanged, and the
 * contract suite in contract/ runs against any of them. Ids are strings minted by core (UUIDs), so a
 * record moves between drivers without translation. Dates are Date objects. Every user-owned lookup
 * takes the owner's id, so a driver can never hand one user's data to another. Ids of user-owned
 * records (conversationId, messageId, presetId, file_id, key name) are scoped by owner: another user
 * saving a record with the same id gets their own record and never changes the owner's. In a patch,
 * an undefined field leaves the stored value as it is (null clears it). A record has expired when its
 * expiresAt is at or before `now`.
 */

export type AuthProvider = 'local' | 'github' | 'google' | 'discord' | 'facebook' | 'openid';
export type UserRole = 'USER' | 'ADMIN';

export interface User {
  id: string;
  name: string;
  username: string;
  email: string;
  emailVerified: boolean;
  avatar: string | null;
  provider: AuthProvider;
  /** The id the social provider gave this user; null for local accounts. */
  providerId: string | null;
  /** bcrypt hash; null for accounts created through social login. */
  passwordHash: string | null;
  role: UserRole;
  /** Installed plugin (tool) keys. */
  plugins: string[];
  createdAt: Date;
  updatedAt: Date;
}

export type NewUser = Omit<User, 'id' | 'createdAt' | 'updatedAt' | 'emailVerified' | 'avatar' | 'plugins' | 'role' | 'providerId'> &
  Partial<Pick<User, 'id' | 'emailVerified' | 'avatar' | 'plugins' | 'role' | 'providerId'>>;

export type UserPatch = Partial<Omit<User, 'id' | 'createdAt' | 'updatedAt'>>;

export interface UsersRepository {
  /**
   * Mints the id with randomUUID when none is given. Throws DuplicateError when the email
   * (case-insensitive) or the social account (provider + providerId) is taken.
   */
  create(user: NewUser): Promise<User>;
  findById(id: string): Promise<User | null>;
  /** Case-insensitive. */
  findByEmail(email: string): Promise<User | null>;
  findByProvider(provider: AuthProvider, providerId: string): Promise<User | null>;
  /** Every user, a batch at a time, for copying the store to another driver (see ExportBatch). */
  exportBatch(after: string | null, limit: number): Promise<ExportBatch<User>>;
  /** Oldest first. */
  list(page: { offset: number; limit: number }): Promise<User[]>;
  count(): Promise<number>;
  /** Throws DuplicateError like create. */
  update(id: string, patch: UserPatch): Promise<User | null>;
  /** Deletes the user and everything they own (sessions, conversations, messages, presets, keys, balance, files). */
  delete(id: string): Promise<boolean>;
}

/** One refresh token of a sign-in. A family is one sign-in; each rotation adds a row to it. */
export interface RefreshSession {
  id: string;
  userId: string;
  familyId: string;
  /** sha256 of the refresh token; the token itself is never stored. */
  tokenHash: string;
  expiresAt: Date;
  /** Set when this token was exchanged for the next one; presenting it again is reuse. */
  rotatedAt: Date | null;
  createdAt: Date;
}

export interface SessionsRepository {
  create(session: Omit<RefreshSession, 'createdAt' | 'rotatedAt'>): Promise<RefreshSession>;
  findByTokenHash(tokenHash: string): Promise<RefreshSession | null>;
  /** Marks the session rotated only if it was not yet; false when another request rotated it first. */
  markRotated(id: string, at: Date): Promise<boolean>;
  deleteFamily(familyId: string): Promise<number>;
  deleteByUser(userId: string): Promise<number>;
  /** Every refresh session, a batch at a time, for copying the store to another driver (see ExportBatch). */
  exportBatch(after: string | null, limit: number): Promise<ExportBatch<RefreshSession>>;
  deleteExpired(now: Date): Promise<number>;
}

export type OneTimeTokenPurpose = 'password-reset' | 'email-verification';

export interface OneTimeToken {
  userId: string;
  purpose: OneTimeTokenPurpose;
  tokenHash: string;
  expiresAt: Date;
  createdAt: Date;
}

export interface TokensRepository {
  /** Replaces any earlier token of the same purpose for the user. */
  put(token: Omit<OneTimeToken, 'createdAt'>): Promise<void>;
  /** Finds and deletes in one step, so a token works once. Expired tokens are returned too; the caller checks. */
  take(userId: string, purpose: OneTimeTokenPurpose, tokenHash: string): Promise<OneTimeToken | null>;
  /** Every one-time token, a batch at a time, for copying the store to another driver (see ExportBatch). */
  exportBatch(after: string | null, limit: number): Promise<ExportBatch<OneTimeToken>>;
  deleteExpired(now: Date): Promise<number>;
}

/** Options a conversation or preset carries besides its identity; the wire sends them flat. */
export interface EndpointOptions {
  endpoint?: string | null;
  endpointType?: string | null;
  model?: string | null;
  modelLabel?: string | null;
  chatGptLabel?: string | null;
  promptPrefix?: string | null;
  temperature?: number | null;
  top_p?: number | null;
  topP?: number | null;
  topK?: number | null;
  top_k?: number | null;
  presence_penalty?: number | null;
  frequency_penalty?: number | null;
  maxOutputTokens?: number | null;
  maxContextTokens?: number | null;
  max_tokens?: number | null;
  context?: string | null;
  systemMessage?: string | null;
  examples?: Array<{ input: { content: string }; output: { content: string } }> | null;
  tools?: string[] | null;
  agentOptions?: Record<string, unknown> | null;
  file_ids?: string[] | null;
  resendFiles?: boolean | null;
  resendImages?: boolean | null;
  imageDetail?: 'low' | 'auto' | 'high' | null;
  assistant_id?: string | null;
  instructions?: string | null;
  iconURL?: string | null;
  greeting?: string | null;
  spec?: string | null;
}

export interface Conversation extends EndpointOptions {
  conversationId: string;
  user: string;
  title: string;
  thread_id?: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface Page<T> {
  items: T[];
  total: number;
}

/**
 * One batch of a repository's records across every user, in a stable order that later writes only
 * extend (insertion order), so a copy (`chatbox migrate`) reads any amount in bounded memory, can
 * stop, and resumes where it stopped.
 */
export interface ExportBatch<T> {
  items: T[];
  /** Opaque: pass it as `after` for the next batch. Null when this batch came back short: the export is done. */
  next: string | null;
}

export interface ConversationsRepository {
  /**
   * Inserts or replaces the options of the user's conversation; createdAt is kept on update. Options
   * this type does not declare (the wire carries more) are kept as given.
   */
  upsert(conversation: Omit<Conversation, 'createdAt' | 'updatedAt'> & { createdAt?: Date; updatedAt?: Date }): Promise<Conversation>;
  find(userId: string, conversationId: string): Promise<Conversation | null>;
  /** Every conversation of every user, a batch at a time, for copying the store to another driver (see ExportBatch). */
  exportBatch(after: string | null, limit: number): Promise<ExportBatch<Conversation>>;
  /** Newest updatedAt first. */
  list(userId: string, page: { offset: number; limit: number }): Promise<Page<Conversation>>;
  update(userId: string, conversationId: string, patch: Partial<Omit<Conversation, 'conversationId' | 'user' | 'createdAt'>>): Promise<Conversation | null>;
  /** Deletes the conversations and their messages; returns how many conversations went. */
  delete(userId: string, conversationIds: string[]): Promise<number>;
  deleteAll(userId: string): Promise<number>;
}

export interface MessageFile {
  file_id: string;
  filepath?: string;
  type?: string;
  height?: number;
  width?: number;
}

export interface Message {
  messageId: string;
  conversationId: string;
  user: string;
  /** The all-zero UUID marks a root. */
  parentMessageId: string;
  endpoint?: string | null;
  model?: string | null;
  sender: string;
  text: string;
  content?: unknown[] | null;
  isCreatedByUser: boolean;
  error: boolean;
  unfinished: boolean;
  isEdited?: boolean;
  finish_reason?: string | null;
  tokenCount?: number | null;
  files?: MessageFile[] | null;
  plugin?: unknown;
  plugins?: unknown[] | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface MessagesRepository {
  /** Inserts or replaces by messageId; createdAt is kept on update. */
  upsert(message: Omit<Message, 'createdAt' | 'updatedAt'> & { createdAt?: Date; updatedAt?: Date }): Promise<Message>;
  find(userId: string, messageId: string): Promise<Message | null>;
  /** Every message of every user, a batch at a time, for copying the store to another driver (see ExportBatch). */
  exportBatch(after: string | null, limit: number): Promise<ExportBatch<Message>>;
  /** Every branch of the conversation, oldest first. */
  listByConversation(userId: string, conversationId: string): Promise<Message[]>;
  update(userId: string, messageId: string, patch: Partial<Omit<Message, 'messageId' | 'conversationId' | 'user' | 'createdAt'>>): Promise<Message | null>;
  deleteByConversation(userId: string, conversationId: string): Promise<number>;
}

export interface Preset extends EndpointOptions {
  presetId: string;
  user: string;
  title: string;
  defaultPreset: boolean;
  order: number | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface PresetsRepository {
  /** Inserts or replaces by presetId. Saving one with defaultPreset true unsets the user's other default. */
  upsert(preset: Omit<Preset, 'createdAt' | 'updatedAt'>): Promise<Preset>;
  find(userId: string, presetId: string): Promise<Preset | null>;
  /** Every preset of every user, a batch at a time, for copying the store to another driver (see ExportBatch). */
  exportBatch(after: string | null, limit: number): Promise<ExportBatch<Preset>>;
  /** Ordered by order (nulls last), then newest updatedAt. */
  list(userId: string): Promise<Preset[]>;
  setDefault(userId: string, presetId: string | null): Promise<void>;
  delete(userId: string, presetId: string): Promise<boolean>;
  deleteAll(userId: string): Promise<number>;
}

export interface UserKey {
  userId: string;
  /** The endpoint name. */
  name: string;
  /** Encrypted by core (AES-256-GCM); the store never sees plaintext. */
  value: string;
  expiresAt: Date | null;
  updatedAt: Date;
}

export interface KeysRepository {
  upsert(key: Omit<UserKey, 'updatedAt'>): Promise<void>;
  find(userId: string, name: string): Promise<UserKey | null>;
  /** Every saved key (still encrypted) of every user, a batch at a time, for copying the store to another driver (see ExportBatch). */
  exportBatch(after: string | null, limit: number): Promise<ExportBatch<UserKey>>;
  list(userId: string): Promise<UserKey[]>;
  delete(userId: string, name: string): Promise<boolean>;
  deleteAll(userId: string): Promise<number>;
  deleteExpired(now: Date): Promise<number>;
}

export type TokenType = 'prompt' | 'completion' | 'credits';

export interface Transaction {
  id: string;
  userId: string;
  conversationId: string | null;
  tokenType: TokenType;
  model: string | null;
  /** Why: 'message', 'title', 'incomplete', 'admin', 'startBalance' (the starting credits of a new account). */
  context: string;
  /** Tokens (negative when spent) or credits granted. */
  rawAmount: number;
  /** Price multiplier applied to rawAmount. */
  rate: number;
  /** rawAmount × rate: the change to the balance. */
  tokenValue: number;
  createdAt: Date;
}

export interface BalancesRepository {
  /** 0 for a user with no balance record. */
  get(userId: string): Promise<number>;
  /** Null for a user with no balance record (never granted or charged), which GET /api/balance tells apart from 0. */
  find(userId: string): Promise<number | null>;
  /** Records the transaction and applies tokenValue to the balance atomically; returns the new balance. */
  record(transaction: Omit<Transaction, 'id' | 'createdAt'>): Promise<number>;
  /** Newest first. */
  listTransactions(userId: string, page: { offset: number; limit: number }): Promise<Transaction[]>;
  /** When the user's newest transaction of this context (e.g. 'autoRefill') was recorded; null when there is none. */
  lastTransactionAt(userId: string, context: string): Promise<Date | null>;
  /** Every user that has a balance record, with it. */
  listBalances(): Promise<Array<{ userId: string; balance: number }>>;
  /** Every balance record, a batch at a time, for copying the store to another driver (see ExportBatch). */
  exportBatch(after: string | null, limit: number): Promise<ExportBatch<{ userId: string; balance: number }>>;
  /** Every transaction of every user (the ledger behind the balances), a batch at a time, for copying the store to another driver (see ExportBatch). */
  exportTransactions(after: string | null, limit: number): Promise<ExportBatch<Transaction>>;
}

export interface Ban {
  /** 'user:<id>' or 'ip:<address>' (signed-in abuse, admin bans), 'sign-in-ip:<address>' (the sign-in doors only: see banKey). */
  key: string;
  reason: string;
  expiresAt: Date;
  createdAt: Date;
}

export interface BansRepository {
  put(ban: Omit<Ban, 'createdAt'>): Promise<void>;
  /** Null when there is none or it has expired. */
  find(key: string, now: Date): Promise<Ban | null>;
  /** Every ban, expired ones included, a batch at a time, for copying the store to another driver (see ExportBatch). */
  exportBatch(after: string | null, limit: number): Promise<ExportBatch<Ban>>;
  delete(key: string): Promise<boolean>;
  /**
   * Adds one violation to the count of the key for this type (each type counts on its own), restarting
   * the count when the last one is older than intervalMs; returns the count. Atomic under concurrency.
   */
  addViolation(key: string, type: string, intervalMs: number, now: Date): Promise<number>;
  /** Clears the key's counts of every type. */
  clearViolations(key: string): Promise<void>;
  deleteExpired(now: Date): Promise<number>;
}

export type FileSource = 'local' | 'firebase' | 'openai' | 's3' | 'vectordb';

export interface StoredFile {
  file_id: string;
  user: string;
  filename: string;
  filepath: string;
  type: string;
  bytes: number;
  source: FileSource;
  context: string;
  embedded: boolean;
  width: number | null;
  height: number | null;
  conversationId: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface FilesRepository {
  upsert(file: Omit<StoredFile, 'createdAt' | 'updatedAt'>): Promise<StoredFile>;
  find(userId: string, fileId: string): Promise<StoredFile | null>;
  /** Every file record of every user, a batch at a time, for copying the store to another driver (see ExportBatch). */
  exportBatch(after: string | null, limit: number): Promise<ExportBatch<StoredFile>>;
  /** Newest first. */
  list(userId: string): Promise<StoredFile[]>;
  delete(userId: string, fileIds: string[]): Promise<number>;
}

/** The external search indexes (Meilisearch): conversations keyed by conversationId, messages by messageId. */
export type SearchIndexName = 'convos' | 'messages';

/** The records each search index is built from. */
export interface SearchSourceRecords {
  convos: Conversation;
  messages: Message;
}

/**
 * One change the external search index has not seen yet. The outbox carries keys, never document
 * bodies: the worker reads the record's current state from the store when it sends, so entries may be
 * duplicated, reordered within a batch or retried without ever sending stale text.
 */
export interface SearchOutboxChange {
  index: SearchIndexName;
  /**
   * - `document`: the record `documentId` (a messageId or conversationId) of `userId` was written or
   *   deleted; the worker upserts it if the store still has it, else deletes it from the index.
   * - `conversation`: every message of conversation `documentId` was deleted (index `messages`), so a
   *   driver can record a bulk delete as one entry instead of one per message.
   * - `user`: every document of `userId` in `index` was deleted (`documentId` repeats the user id).
   */
  kind: 'document' | 'conversation' | 'user';
  userId: string;
  documentId: string;
}

export interface SearchOutboxEntry extends SearchOutboxChange {
  /** Opaque; entries are claimed in the order they were appended (ascending id). */
  id: string;
  /** How many times sending it failed. */
  attempts: number;
  lastError: string | null;
}

/**
 * The search outbox: changes waiting to be sent to Meilisearch, written in the same transaction as the
 * data change so the index cannot silently miss one, drained by a background worker. Only the
 * Meilisearch backend uses it; the embedded SQLite search is written in the data's own transaction.
 * A driver writes entries for every messages/conversations write (upsert, update, delete, the user
 * cascade) while the outbox is enabled, and nothing while it is disabled.
 */
export interface SearchOutboxRepository {
  /**
   * Turns recording on (Meilisearch configured) or off (no external index; pending entries are dropped,
   * since nothing will drain them and the start-up drift check re-sends what a gap missed). The SQLite
   * driver keeps the flag in the database so every process writing to it feeds the outbox.
   */
  setEnabled(enabled: boolean): Promise<void>;
  isEnabled(): Promise<boolean>;
  /** Appends changes (nothing while disabled). Drivers call it inside the data change's transaction. */
  append(changes: SearchOutboxChange[]): Promise<void>;
  /**
   * Takes up to `limit` entries that are due (not leased, not waiting out a backoff), oldest first, and
   * leases them until now + leaseMs: a worker that dies mid-batch has them retried after the lease.
   * Concurrent claims never return the same entry.
   */
  claim(limit: number, now: Date, leaseMs: number): Promise<SearchOutboxEntry[]>;
  /** The entries were applied: removes them. */
  ack(ids: string[]): Promise<void>;
  /**
   * Sending failed: records the error, adds one attempt and makes each entry due again after an
   * exponential backoff of its own, now + min(maxMs, baseMs × 2^attempts before this failure).
   */
  fail(ids: string[], error: string, now: Date, backoff: { baseMs: number; maxMs: number }): Promise<void>;
  /** Entries waiting, due or not (status and tests). */
  count(): Promise<number>;
  /**
   * Every record of an index across all users, in a stable order, one batch at a time: pass null to
   * start and the returned cursor to continue; cursor null means done. Used by the drift check and
   * reindex, so a whole collection is never held in memory.
   */
  scan<I extends SearchIndexName>(index: I, cursor: string | null, limit: number): Promise<{ records: Array<SearchSourceRecords[I]>; cursor: string | null }>;
}

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
  balances: BalancesRepository;
  bans: BansRepository;
  files: FilesRepository;
  /** Feeds the external search index (Meilisearch). */
  searchOutbox: SearchOutboxRepository;
  close(): Promise<void>;
}
