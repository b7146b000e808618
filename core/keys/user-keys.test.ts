import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ChatboxError } from '../errors/index.js';
import { buildTestServer, registerUser } from '../../testing/build-test-server.js';
import { createKeyVault } from './key-vault.js';
import { createUserKeys } from './user-keys.js';

let app: FastifyInstance;
let userId: string;
let otherUserId: string;

beforeEach(async () => {
  app = await buildTestServer();
  userId = (await registerUser(app)).userId;
  otherUserId = (await registerUser(app)).userId;
});
afterEach(async () => {
  await app?.close();
});

const caught = async (promise: Promise<unknown>): Promise<ChatboxError> => {
  const error = await promise.then(() => null, (reason: unknown) => reason);
  expect(error).toBeInstanceOf(ChatboxError);
  return error as ChatboxError;
};

describe('app.userKeys', () => {
  it('saves encrypted and gives the plaintext back to the server only', async () => {
    const azure = JSON.stringify({ azureOpenAIApiKey: 'az-secret', azureOpenAIApiInstanceName: 'instance' });
    await app.userKeys.save(userId, 'azureOpenAI', azure, null);
    const row = await app.store.keys.find(userId, 'azureOpenAI');
    expect(row!.value).not.toBe(azure);
    expect(row!.value).not.toContain('az-secret');
    expect(row!.value).toMatch(/^v1:[0-9a-f]{8}:/);
    expect(await app.userKeys.get(userId, 'azureOpenAI')).toBe(azure);
    expect(await app.userKeys.expiry(userId, 'azureOpenAI')).toBeNull();
  });

  it('throws no_user_key when there is none, including another user\'s', async () => {
    await app.userKeys.save(userId, 'openAI', 'sk-mine', null);
    const error = await caught(app.userKeys.get(otherUserId, 'openAI'));
    expect(error.code).toBe('no_user_key');
    expect(error.message).toBe('No user key found');
    expect(await app.userKeys.expiry(otherUserId, 'openAI')).toBeUndefined();
  });

  it('throws expired_user_key with the endpoint label and the ISO expiry, and deletes the key', async () => {
    let now = new Date('2030-01-01T00:00:00.000Z');
    const userKeys = createUserKeys({ store: app.store, vault: createKeyVault(app.config.secrets.credsKey), now: () => now });
    const expiresAt = new Date('2030-01-01T12:00:00.000Z');
    await userKeys.save(userId, 'Mistral', 'mistral-key', expiresAt);
    expect(await userKeys.get(userId, 'Mistral')).toBe('mistral-key');
    expect(await userKeys.expiry(userId, 'Mistral')).toEqual(expiresAt);

    now = expiresAt;
    const error = await caught(userKeys.get(userId, 'Mistral', 'Mistral AI'));
    expect(error.code).toBe('expired_user_key');
    expect(error.details).toEqual({ 0: 'Mistral AI', 1: '2030-01-01T12:00:00.000Z' });
    expect(error.status).toBe(400);
    expect(await app.store.keys.find(userId, 'Mistral')).toBeNull();
    expect((await caught(userKeys.get(userId, 'Mistral'))).code).toBe('no_user_key');
  });

  it('names the key itself in expired_user_key when no label is given', async () => {
    await app.store.keys.upsert({ userId, name: 'anthropic', value: 'irrelevant', expiresAt: new Date(Date.now() - 1000) });
    const error = await caught(app.userKeys.get(userId, 'anthropic'));
    expect(error.details[0]).toBe('anthropic');
  });

  it('throws invalid_user_key, keeping the row, when the value was altered, moved or sealed with another key', async () => {
    await app.userKeys.save(userId, 'openAI', 'sk-mine', null);
    const row = (await app.store.keys.find(userId, 'openAI'))!;
    // The same ciphertext copied to another user's row does not decrypt there.
    await app.store.keys.upsert({ userId: otherUserId, name: 'openAI', value: row.value, expiresAt: null });
    const moved = await caught(app.userKeys.get(otherUserId, 'openAI'));
    expect(moved.code).toBe('invalid_user_key');
    expect(moved.details.reason).toBe('tampered');

    const rotated = createUserKeys({ store: app.store, vault: createKeyVault('0f'.repeat(32)) });
    expect((await caught(rotated.get(userId, 'openAI'))).details.reason).toBe('other_key');
    expect(await app.store.keys.find(userId, 'openAI')).not.toBeNull();
  });

  it('revokes one key or all of a user\'s keys', async () => {
    await app.userKeys.save(userId, 'openAI', 'a', null);
    await app.userKeys.save(userId, 'google', 'b', null);
    await app.userKeys.save(otherUserId, 'openAI', 'c', null);
    expect(await app.userKeys.revoke(userId, 'openAI')).toBe(true);
    expect(await app.userKeys.revoke(userId, 'openAI')).toBe(false);
    expect(await app.userKeys.revokeAll(userId)).toBe(1);
    expect(await app.userKeys.get(otherUserId, 'openAI')).toBe('c');
  });
});
