import { describe, expect, it, vi } from 'vitest';
import { deferred, json, mockFetch, testUser } from '../test/mock-fetch.js';
import { ApiError, apiClient, refreshSession, setAuthFailureHandler } from './api-client.js';
import { tokenStore } from './token-store.js';

/** 401 for any token except `valid`. */
const guarded = (valid: string, body: unknown) => (request: { headers: Record<string, string> }) =>
  request.headers.Authorization === `Bearer ${valid}` ? json(200, body) : json(401, { message: 'Unauthorized' });

describe('api client', () => {
  it('sends JSON with the bearer token and the refresh cookie', async () => {
    const { fetchMock, requests } = mockFetch({ 'POST /api/things': () => json(200, { ok: true }) });
    tokenStore.set('abc');
    await expect(apiClient.post('/api/things', { a: 1 }, { query: { page: 2 } })).resolves.toEqual({ ok: true });
    expect(requests[0]).toMatchObject({
      url: '/api/things?page=2',
      headers: { Authorization: 'Bearer abc', 'Content-Type': 'application/json' },
      body: { a: 1 },
    });
    expect(fetchMock.mock.calls[0][1]).toMatchObject({ credentials: 'include', method: 'POST' });
  });

  it('throws an ApiError parsed from the {message, code} body', async () => {
    mockFetch({ 'GET /api/things': () => json(422, { message: 'Bad thing', code: 'bad_thing' }) });
    const error = await apiClient.get('/api/things').catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, message: 'Bad thing', code: 'bad_thing' });
  });

  it('shares one refresh between concurrent 401s, then retries each call once with the new token', async () => {
    const refreshAnswer = deferred<Response>();
    const { callsTo, requests } = mockFetch({
      'POST /api/auth/refresh': () => refreshAnswer.promise,
      'GET /api/a': guarded('fresh', { name: 'a' }),
      'GET /api/b': guarded('fresh', { name: 'b' }),
      'GET /api/c': guarded('fresh', { name: 'c' }),
    });
    tokenStore.set('expired');

    const results = Promise.all([apiClient.get('/api/a'), apiClient.get('/api/b'), apiClient.get('/api/c')]);
    await vi.waitFor(() => expect(callsTo('POST', '/api/auth/refresh')).toHaveLength(1));
    refreshAnswer.resolve(json(200, { token: 'fresh', user: testUser }));

    await expect(results).resolves.toEqual([{ name: 'a' }, { name: 'b' }, { name: 'c' }]);
    expect(callsTo('POST', '/api/auth/refresh')).toHaveLength(1);
    for (const path of ['/api/a', '/api/b', '/api/c']) {
      expect(callsTo('GET', path).map((request) => request.headers.Authorization)).toEqual([
        'Bearer expired',
        'Bearer fresh',
      ]);
    }
    expect(requests.find((request) => request.url.startsWith('/api/auth/refresh'))?.url).toBe('/api/auth/refresh');
    expect(tokenStore.get()).toBe('fresh');
  });

  it('repeats a refresh that itself got a 401 with ?retry=true', async () => {
    const { requests } = mockFetch({
      'POST /api/auth/refresh': () => json(401, { message: 'Refresh token reused' }),
      'POST /api/auth/refresh?retry=true': () => json(200, { token: 'fresh', user: testUser }),
      'GET /api/a': guarded('fresh', { name: 'a' }),
    });
    tokenStore.set('expired');
    await expect(apiClient.get('/api/a')).resolves.toEqual({ name: 'a' });
    expect(requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      'GET /api/a',
      'POST /api/auth/refresh',
      'POST /api/auth/refresh?retry=true',
      'GET /api/a',
    ]);
  });

  it('goes to login when the refresh fails, and retries at most once', async () => {
    const onFailure = vi.fn();
    const restore = setAuthFailureHandler(onFailure);
    mockFetch({ 'POST /api/auth/refresh': () => json(200, {}), 'GET /api/a': () => json(401, { message: 'No' }) });
    tokenStore.set('expired');
    await expect(apiClient.get('/api/a')).rejects.toMatchObject({ status: 401 });
    expect(onFailure).toHaveBeenCalledTimes(1);
    expect(tokenStore.get()).toBeNull();
    restore();
  });

  it('does not refresh on a 401 from the sign-in family', async () => {
    const { callsTo } = mockFetch({ 'POST /api/auth/login': () => json(401, { message: 'Wrong password' }) });
    await expect(apiClient.post('/api/auth/login', {})).rejects.toMatchObject({ status: 401, message: 'Wrong password' });
    expect(callsTo('POST', '/api/auth/refresh')).toHaveLength(0);
  });

  it('resolves a session-less refresh ({}) to null and a network failure likewise', async () => {
    mockFetch();
    await expect(refreshSession()).resolves.toBeNull();
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(refreshSession()).resolves.toBeNull();
    await expect(apiClient.get('/api/x')).rejects.toMatchObject({ status: 0, code: 'network_error' });
  });
});
