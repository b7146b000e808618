import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Seals the provider keys users hand us (DESIGN §5): AES-256-GCM with a random 12-byte IV per value,
 * so equal keys never produce equal ciphertexts, and the 16-byte auth tag, so a changed byte is
 * detected instead of decrypting to garbage. A sealed value reads
 *
 *   v1:<key id>:<iv>:<auth tag>:<ciphertext>      (base64url parts)
 *
 * The key id (the first 8 hex characters of sha256 of the key) says which CREDS_KEY sealed a value:
 * after a rotation, values of the old key can be recognised and re-sealed rather than failing blindly.
 * It reveals nothing usable about a 256-bit random key.
 */
export interface KeyVault {
  /** Id of the key this vault seals with. */
  readonly keyId: string;
  /**
   * Encrypts a value. `context` (optional) is bound to the ciphertext as associated data: a value sealed
   * for one user and endpoint does not open for another, so rows cannot be swapped in the database.
   */
  encrypt(plaintext: string, context?: string): string;
  /** Decrypts a sealed value; throws KeyVaultError when it is malformed, from another key, or was altered. */
  decrypt(sealed: string, context?: string): string;
  /** The key id recorded in a sealed value, or null when it is not one. */
  keyIdOf(sealed: string): string | null;
}

export type KeyVaultFailure = 'malformed' | 'other_key' | 'tampered';

export class KeyVaultError extends Error {
  readonly reason: KeyVaultFailure;
  constructor(reason: KeyVaultFailure, message: string) {
    super(message);
    this.name = 'KeyVaultError';
    this.reason = reason;
  }
}

const version = 'v1';
const algorithm = 'aes-256-gcm';
const ivBytes = 12;
const tagBytes = 16;

export function keyIdOf(key: Buffer): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 8);
}

export function createKeyVault(credsKeyHex: string): KeyVault {
  if (!/^[0-9a-fA-F]{64}$/.test(credsKeyHex)) throw new Error('CREDS_KEY must be 64 hexadecimal characters (32 bytes)');
  const key = Buffer.from(credsKeyHex, 'hex');
  const keyId = keyIdOf(key);

  const parse = (sealed: string) => {
    const parts = typeof sealed === 'string' ? sealed.split(':') : [];
    if (parts.length !== 5 || parts[0] !== version) throw new KeyVaultError('malformed', 'The sealed value is not in a known format');
    const [, sealedKeyId, iv, tag, ciphertext] = parts;
    return { keyId: sealedKeyId, iv: Buffer.from(iv, 'base64url'), tag: Buffer.from(tag, 'base64url'), ciphertext: Buffer.from(ciphertext, 'base64url') };
  };

  return {
    keyId,
    encrypt(plaintext, context) {
      const iv = randomBytes(ivBytes);
      const cipher = createCipheriv(algorithm, key, iv, { authTagLength: tagBytes });
      if (context !== undefined) cipher.setAAD(Buffer.from(context, 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url'));
      return [version, keyId, ...parts].join(':');
    },
    decrypt(sealed, context) {
      const parsed = parse(sealed);
      if (parsed.keyId !== keyId) {
        throw new KeyVaultError('other_key', `The value was sealed with key ${parsed.keyId}, not the current key ${keyId} (was CREDS_KEY changed?)`);
      }
      if (parsed.iv.length !== ivBytes || parsed.tag.length !== tagBytes) throw new KeyVaultError('malformed', 'The sealed value is not in a known format');
      const decipher = createDecipheriv(algorithm, key, parsed.iv, { authTagLength: tagBytes });
      decipher.setAuthTag(parsed.tag);
      if (context !== undefined) decipher.setAAD(Buffer.from(context, 'utf8'));
      try {
        return Buffer.concat([decipher.update(parsed.ciphertext), decipher.final()]).toString('utf8');
      } catch {
        // GCM reports every authentication failure the same way; the key id matched, so the data changed.
        throw new KeyVaultError('tampered', 'The sealed value failed authentication: it was altered or belongs to another record');
      }
    },
    keyIdOf(sealed) {
      try {
        return parse(sealed).keyId;
      } catch {
        return null;
      }
    },
  };
}
