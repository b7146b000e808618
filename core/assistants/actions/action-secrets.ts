import type { KeyVault } from '../../keys/key-vault.js';

export const secretFields = ['api_key', 'oauth_client_id', 'oauth_client_secret'] as const;
export type SecretField = (typeof secretFields)[number];

/** Bound to user, action and field, so a sealed value copied to another action or user does not open. */
const sealContext = (userId: string, actionId: string, field: SecretField) => JSON.stringify(['action', userId, actionId, field]);

export const sealSecret = (vault: KeyVault, userId: string, actionId: string, field: SecretField, value: string) => vault.encrypt(value, sealContext(userId, actionId, field));
export const openSecret = (vault: KeyVault, userId: string, actionId: string, field: SecretField, sealed: string) => vault.decrypt(sealed, sealContext(userId, actionId, field));
