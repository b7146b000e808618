export { createKeyVault, keyIdOf, KeyVaultError, type KeyVault, type KeyVaultFailure } from './key-vault.js';
export { createUserKeys, userKeysPlugin, type UserKeys, type UserKeysOptions } from './user-keys.js';
