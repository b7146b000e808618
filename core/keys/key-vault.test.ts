import { describe, expect, it } from 'vitest';
import { createKeyVault, KeyVaultError } from './key-vault.js';

const key = 'ab'.repeat(32);
const otherKey = 'cd'.repeat(32);

const failure = (action: () => unknown): KeyVaultError => {
  try {
    action();
  } catch (error) {
    if (error instanceof KeyVaultError) return error;
    throw error;
  }
  throw new Error('expected a KeyVaultError');
};

describe('createKeyVault', () => {
  it('round-trips any text, JSON credentials included, with a fresh IV each time', () => {
    const vault = createKeyVault(key);
    const credentials = JSON.stringify({ apiKey: 'sk-secret', baseURL: 'https://llm.example.com/v1' });
    const first = vault.encrypt(credentials);
    const second = vault.encrypt(credentials);
    expect(first).not.toBe(second);
    expect(first).not.toContain('sk-secret');
    expect(vault.decrypt(first)).toBe(credentials);
    expect(vault.decrypt(second)).toBe(credentials);
    expect(vault.decrypt(vault.encrypt('clé ✓ 🔑'))).toBe('clé ✓ 🔑');
  });

  it('records a short key id derived from the key, so a rotation can tell keys apart', () => {
    const vault = createKeyVault(key);
    expect(vault.keyId).toMatch(/^[0-9a-f]{8}$/);
    expect(createKeyVault(key.toUpperCase()).keyId).toBe(vault.keyId);
    expect(createKeyVault(otherKey).keyId).not.toBe(vault.keyId);
    const sealed = vault.encrypt('value');
    expect(sealed.split(':').slice(0, 2)).toEqual(['v1', vault.keyId]);
    expect(vault.keyIdOf(sealed)).toBe(vault.keyId);
    expect(vault.keyIdOf('plaintext')).toBeNull();
  });

  it('refuses a value sealed with another key, naming both key ids', () => {
    const sealed = createKeyVault(otherKey).encrypt('value');
    const error = failure(() => createKeyVault(key).decrypt(sealed));
    expect(error.reason).toBe('other_key');
    expect(error.message).toContain(createKeyVault(otherKey).keyId);
  });

  it('detects a tampered ciphertext, IV or tag, and a forged key id', () => {
    const vault = createKeyVault(key);
    const sealed = vault.encrypt('the secret value');
    const [version, keyId, iv, tag, ciphertext] = sealed.split(':');
    const flip = (part: string) => {
      const bytes = Buffer.from(part, 'base64url');
      bytes[0] ^= 0x01;
      return bytes.toString('base64url');
    };
    for (const altered of [
      [version, keyId, iv, tag, flip(ciphertext)],
      [version, keyId, flip(iv), tag, ciphertext],
      [version, keyId, iv, flip(tag), ciphertext],
    ]) {
      expect(failure(() => vault.decrypt(altered.join(':'))).reason).toBe('tampered');
    }
    // A value of another key relabelled with this key's id still fails authentication.
    const foreign = createKeyVault(otherKey).encrypt('x').split(':');
    foreign[1] = vault.keyId;
    expect(failure(() => vault.decrypt(foreign.join(':'))).reason).toBe('tampered');
  });

  it('binds the optional context: a value sealed for one record does not open for another', () => {
    const vault = createKeyVault(key);
    const sealed = vault.encrypt('value', 'user-1/openAI');
    expect(vault.decrypt(sealed, 'user-1/openAI')).toBe('value');
    expect(failure(() => vault.decrypt(sealed, 'user-2/openAI')).reason).toBe('tampered');
    expect(failure(() => vault.decrypt(sealed)).reason).toBe('tampered');
  });

  it('refuses malformed values and keys that are not 64 hex characters', () => {
    const vault = createKeyVault(key);
    expect(failure(() => vault.decrypt('sk-plaintext')).reason).toBe('malformed');
    expect(failure(() => vault.decrypt(`v2:${vault.keyId}:a:b:c`)).reason).toBe('malformed');
    expect(failure(() => vault.decrypt(`v1:${vault.keyId}:AAAA:AAAA:AAAA`)).reason).toBe('malformed');
    expect(() => createKeyVault('abc')).toThrow(/64 hexadecimal/);
    expect(() => createKeyVault('zz'.repeat(32))).toThrow(/64 hexadecimal/);
  });
});
