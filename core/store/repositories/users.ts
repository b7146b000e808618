import type { ExportBatch } from './common.js';

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
  /** Deletes the user and everything they own (sessions, conversations, messages, presets, keys, tool credentials, assistants, balance, files). */
  delete(id: string): Promise<boolean>;
}
