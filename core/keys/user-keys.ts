import fp from 'fastify-plugin';
import { ChatboxError } from '../errors/index.js';
import type { Store } from '../store/types.js';
import { createKeyVault, KeyVaultError, type KeyVault } from './key-vault.js';

/**
 * The provider keys users supply for `user_provided` endpoints (spec 000 §3 "User key record"). Values
 * are opaque strings (a key, or the JSON of custom/Azure/Google credentials) and reach the store only
 * encrypted. Only the turn engine reads a plaintext back; no route ever returns one.
 */
export interface UserKeys {
  /** Saves (or replaces) the key of an endpoint; expiresAt null means it never expires. */
  save(userId: string, name: string, value: string, expiresAt: Date | null): Promise<void>;
  /**
   * The plaintext key. Throws ChatboxError 'no_user_key' when there is none, 'expired_user_key' (details
   * {0: endpointLabel ?? name, 1: expiry ISO}) when it has expired — the expired record is deleted — and
   * 'invalid_user_key' when it cannot be decrypted (CREDS_KEY changed, or the row was altered).
   */
  get(userId: string, name: string, endpointLabel?: string): Promise<string>;
  /** undefined when there is no key, null when it never expires, else its expiry (possibly past). */
  expiry(userId: string, name: string): Promise<Date | null | undefined>;
  /** false when there was no key. */
  revoke(userId: string, name: string): Promise<boolean>;
  /** How many keys went. */
  revokeAll(userId: string): Promise<number>;
}

export interface UserKeysOptions {
  store: Pick<Store, 'keys'>;
  vault: KeyVault;
  now?: () => Date;
}

/** Binds a sealed value to its owner and endpoint, so a row copied to another user does not decrypt. */
const sealContext = (userId: string, name: string) => JSON.stringify(['user-key', userId, name]);

export function createUserKeys({ store, vault, now = () => new Date() }: UserKeysOptions): UserKeys {
  return {
    async save(userId, name, value, expiresAt) {
      await store.keys.upsert({ userId, name, value: vault.encrypt(value, sealContext(userId, name)), expiresAt });
    },
    async get(userId, name, endpointLabel) {
      const record = await store.keys.find(userId, name);
      if (!record) throw new ChatboxError('no_user_key');
      if (record.expiresAt && record.expiresAt.getTime() <= now().getTime()) {
        // Spec 000 §3: keys are deleted at expiry; the user is told when it expired, once.
        await store.keys.delete(userId, name);
        throw new ChatboxError('expired_user_key', undefined, { 0: endpointLabel ?? name, 1: record.expiresAt.toISOString() });
      }
      try {
        return vault.decrypt(record.value, sealContext(userId, name));
      } catch (error) {
        if (!(error instanceof KeyVaultError)) throw error;
        // Kept, not deleted: a CREDS_KEY changed by mistake can be put back and the keys work again.
        throw new ChatboxError('invalid_user_key', undefined, { name, reason: error.reason });
      }
    },
    async expiry(userId, name) {
      const record = await store.keys.find(userId, name);
      return record ? record.expiresAt : undefined;
    },
    async revoke(userId, name) {
      return store.keys.delete(userId, name);
    },
    async revokeAll(userId) {
      return store.keys.deleteAll(userId);
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    userKeys: UserKeys;
  }
}

/** Decorates `app.userKeys`, encrypting with config.secrets.credsKey (64 hex characters). */
export const userKeysPlugin = fp<{ credsKey: string }>(
  async (app, { credsKey }) => {
    app.decorate('userKeys', createUserKeys({ store: app.store, vault: createKeyVault(credsKey) }));
  },
  { name: 'chatbox-user-keys', dependencies: ['chatbox-store'] },
);
