import type { FastifyBaseLogger } from 'fastify';
import { KeyVaultError, type KeyVault } from '../keys/key-vault.js';
import type { Store } from '../store/types.js';

/**
 * The credentials users enter when installing a tool: sealed with the vault that seals provider keys
 * (core/keys), bound to user, tool and field, so a row copied to another user or tool does not open.
 * Only the agent loop reads a plaintext back; no route ever returns one.
 */
export interface PluginAuths {
  /** Saves the given fields (by first name) of one tool, replacing earlier values of those fields. */
  save(userId: string, pluginKey: string, values: Readonly<Record<string, string>>): Promise<void>;
  /** The stored fields of one tool, decrypted, by first name. A value that no longer opens is left out (and logged). */
  read(userId: string, pluginKey: string): Promise<Record<string, string>>;
  /** The names of the stored fields of one tool (nothing is decrypted). */
  storedFields(userId: string, pluginKey: string): Promise<string[]>;
  /** Removes every stored field of one tool. */
  remove(userId: string, pluginKey: string): Promise<void>;
}

const sealContext = (userId: string, pluginKey: string, authField: string) => JSON.stringify(['plugin-auth', userId, pluginKey, authField]);

export function createPluginAuths({ store, vault, log }: { store: Pick<Store, 'pluginAuths'>; vault: KeyVault; log: Pick<FastifyBaseLogger, 'warn'> }): PluginAuths {
  return {
    async save(userId, pluginKey, values) {
      for (const [authField, value] of Object.entries(values)) {
        await store.pluginAuths.upsert({ userId, pluginKey, authField, value: vault.encrypt(value, sealContext(userId, pluginKey, authField)) });
      }
    },
    async read(userId, pluginKey) {
      const values: Record<string, string> = {};
      for (const auth of await store.pluginAuths.list(userId, pluginKey)) {
        try {
          values[auth.authField] = vault.decrypt(auth.value, sealContext(userId, pluginKey, auth.authField));
        } catch (error) {
          if (!(error instanceof KeyVaultError)) throw error;
          // Kept, not deleted: a CREDS_KEY changed by mistake can be put back. The tool then reports the field missing.
          log.warn({ userId, pluginKey, authField: auth.authField, reason: error.reason }, 'a stored tool credential could not be decrypted');
        }
      }
      return values;
    },
    async storedFields(userId, pluginKey) {
      return (await store.pluginAuths.list(userId, pluginKey)).map((auth) => auth.authField);
    },
    async remove(userId, pluginKey) {
      await store.pluginAuths.delete(userId, pluginKey);
    },
  };
}
