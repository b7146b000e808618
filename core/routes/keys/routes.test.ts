import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bearer, twoSignedInUsers, type SignedInUser } from '../../../testing/build-test-server.js';

let app: FastifyInstance;
let alice: SignedInUser;
let bob: SignedInUser;

beforeEach(async () => {
  ({ app, alice, bob } = await twoSignedInUsers());
});
afterEach(async () => {
  await app?.close();
});

const inject = (method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: unknown, account = alice) =>
  app.inject({ method, url, headers: bearer(account), ...(payload === undefined ? {} : { payload: payload as object }) });
const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

describe('PUT /api/keys and GET /api/keys?name=', () => {
  it('saves a key (201, no body), answers only its expiry, and stores it encrypted', async () => {
    const expiresAt = inHours(12);
    const saved = await inject('PUT', '/api/keys', { name: 'openAI', value: 'sk-very-secret', expiresAt });
    expect(saved.statusCode).toBe(201);
    expect(saved.body).toBe('');

    const expiry = await inject('GET', '/api/keys?name=openAI');
    expect(expiry.statusCode).toBe(200);
    expect(expiry.json()).toEqual({ expiresAt });
    expect(expiry.body).not.toContain('sk-very-secret');

    const row = await app.store.keys.find(alice.userId, 'openAI');
    expect(row!.value).not.toContain('sk-very-secret');
    expect(row!.expiresAt!.toISOString()).toBe(expiresAt);
    expect(await app.userKeys.get(alice.userId, 'openAI')).toBe('sk-very-secret');
  });

  it('stores JSON credentials opaque and answers the farthest time for a key that never expires (truthy: "a key is saved")', async () => {
    const custom = JSON.stringify({ apiKey: 'user-key', baseURL: 'https://llm.example.com/v1' });
    expect((await inject('PUT', '/api/keys', { name: 'My Endpoint', value: custom, expiresAt: null })).statusCode).toBe(201);
    expect((await inject('GET', '/api/keys?name=My%20Endpoint')).json()).toEqual({ expiresAt: '9999-12-31T23:59:59.999Z' });
    expect(await app.userKeys.get(alice.userId, 'My Endpoint')).toBe(custom);
  });

  it('replaces a saved key', async () => {
    await inject('PUT', '/api/keys', { name: 'openAI', value: 'first', expiresAt: inHours(1) });
    const expiresAt = inHours(24);
    await inject('PUT', '/api/keys', { name: 'openAI', value: 'second', expiresAt });
    expect(await app.userKeys.get(alice.userId, 'openAI')).toBe('second');
    expect((await inject('GET', '/api/keys?name=openAI')).json().expiresAt).toBe(expiresAt);
  });

  it('answers 200 {expiresAt: null} when there is no key (as LibreChat\'s client expects), and never shows another user\'s expiry', async () => {
    await inject('PUT', '/api/keys', { name: 'openAI', value: 'sk-alice', expiresAt: inHours(2) });
    const response = await inject('GET', '/api/keys?name=openAI', undefined, bob);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ expiresAt: null });
    const unknown = await inject('GET', '/api/keys?name=google');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ expiresAt: null });
  });

  it('answers {expiresAt: null} once a key is revoked, so the client sees it gone at once', async () => {
    await inject('PUT', '/api/keys', { name: 'openAI', value: 'sk-alice', expiresAt: inHours(2) });
    expect((await inject('DELETE', '/api/keys/openAI')).statusCode).toBe(204);
    expect((await inject('GET', '/api/keys?name=openAI')).json()).toEqual({ expiresAt: null });
  });

  it('answers an expired key\'s past expiry, so the client can ask for a new one', async () => {
    const past = new Date(Date.now() - 60_000);
    await app.userKeys.save(alice.userId, 'anthropic', 'old', past);
    expect((await inject('GET', '/api/keys?name=anthropic')).json()).toEqual({ expiresAt: past.toISOString() });
  });

  it.each([
    [{ name: 'openAI', expiresAt: null }, 'value is required'],
    [{ name: 'openAI', value: '', expiresAt: null }, 'value is required'],
    [{ name: 'openAI', value: '   ', expiresAt: null }, 'value is required'],
    [{ name: 'openAI', value: 'x'.repeat(32_769), expiresAt: null }, 'value must be at most 32768 characters'],
    [{ value: 'k', expiresAt: null }, 'name is required'],
    [{ name: '', value: 'k', expiresAt: null }, 'name is required'],
    [{ name: 'n'.repeat(101), value: 'k', expiresAt: null }, 'name must be at most 100 characters'],
    [{ name: 'openAI', value: 'k' }, 'expiresAt must be an ISO date (or null for no expiry)'],
    [{ name: 'openAI', value: 'k', expiresAt: 'tomorrow' }, 'expiresAt must be an ISO date (or null for no expiry)'],
    [{ name: 'openAI', value: 'k', expiresAt: '2001-01-01T00:00:00.000Z' }, 'expiresAt must be in the future'],
  ])('refuses %j with "%s"', async (payload, message) => {
    const response = await inject('PUT', '/api/keys', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'validation_error', message });
    expect(await app.store.keys.list(alice.userId)).toEqual([]);
  });

  it('accepts an expiry with a time zone offset', async () => {
    const later = new Date(Date.now() + 3 * 3_600_000);
    const withOffset = `${later.toISOString().slice(0, 19)}+01:00`;
    expect((await inject('PUT', '/api/keys', { name: 'google', value: 'k', expiresAt: withOffset })).statusCode).toBe(201);
    expect((await inject('GET', '/api/keys?name=google')).json().expiresAt).toBe(new Date(withOffset).toISOString());
  });

  it('needs ?name= and a signed-in user', async () => {
    const response = await inject('GET', '/api/keys');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('name is required');
    expect((await app.inject({ method: 'PUT', url: '/api/keys', payload: { name: 'openAI', value: 'k', expiresAt: null } })).statusCode).toBe(401);
  });
});

describe('DELETE /api/keys', () => {
  it('revokes one key (204), then 404', async () => {
    await inject('PUT', '/api/keys', { name: 'openAI', value: 'a', expiresAt: null });
    await inject('PUT', '/api/keys', { name: 'google', value: 'b', expiresAt: null });
    const response = await inject('DELETE', '/api/keys/openAI');
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await inject('GET', '/api/keys?name=openAI')).json()).toEqual({ expiresAt: null });
    expect((await inject('GET', '/api/keys?name=google')).json()).toEqual({ expiresAt: '9999-12-31T23:59:59.999Z' });
    expect((await inject('DELETE', '/api/keys/openAI')).statusCode).toBe(404);
  });

  it('cannot revoke another user\'s key', async () => {
    await inject('PUT', '/api/keys', { name: 'openAI', value: 'a', expiresAt: null });
    expect((await inject('DELETE', '/api/keys/openAI', undefined, bob)).statusCode).toBe(404);
    expect(await app.userKeys.get(alice.userId, 'openAI')).toBe('a');
  });

  it('revokes all of the user\'s keys with ?all=true and nothing without it', async () => {
    await inject('PUT', '/api/keys', { name: 'openAI', value: 'a', expiresAt: null });
    await inject('PUT', '/api/keys', { name: 'google', value: 'b', expiresAt: null });
    await inject('PUT', '/api/keys', { name: 'openAI', value: 'bob', expiresAt: null }, bob);

    const bare = await inject('DELETE', '/api/keys');
    expect(bare.statusCode).toBe(400);
    expect(bare.json().message).toBe('all=true is required to delete every key');
    expect(await app.store.keys.list(alice.userId)).toHaveLength(2);

    expect((await inject('DELETE', '/api/keys?all=true')).statusCode).toBe(204);
    expect(await app.store.keys.list(alice.userId)).toEqual([]);
    expect(await app.userKeys.get(bob.userId, 'openAI')).toBe('bob');
  });
});
