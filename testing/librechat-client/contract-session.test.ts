import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../run-cli.js';
import { createContractReport } from './contract-report.js';
import { startContractServer, type ContractServer } from './contract-server.js';
import { createLibreChatClient } from './librechat-client.js';
import { endpointsConfigSchema, modelsConfigSchema } from './schemas/endpoints-config.js';
import { fileListSchema } from './schemas/file.js';
import { balanceBodySchema, keyExpirySchema, passwordResetAnswerSchema, tokenCountSchema } from './schemas/small-answers.js';
import { startupConfigSchema } from './schemas/startup-config.js';
import { signInAnswerSchema, userSchema } from './schemas/user.js';

/**
 * LibreChat v0.7.1's client contract (shared/reference/librechat-client-contract.md) for sign-in,
 * configuration, keys, balance and the tokenizer: each answer of a real `chatbox serve`, checked
 * field by field against the client's schemas, for the requests the client really sends.
 */
let contract: ContractServer;
const is2xx = (status: number) => status >= 200 && status < 300;

beforeAll(async () => {
  // The reset link in the answer is LibreChat's behaviour without SMTP; chatbox needs the opt-in for it.
  contract = await startContractServer({ CHECK_BALANCE: 'true', ALLOW_UNVERIFIED_PASSWORD_RESET_LINK: 'true' });
});
afterAll(() => contract?.close());

describe('LibreChat client contract: sign-in and configuration', () => {
  it('serves the startup config without a session, and refresh never deadlocks the client', async () => {
    const report = createContractReport();
    const visitor = createLibreChatClient(contract.url);
    const config = await visitor.get('/api/config');
    report.expect('GET /api/config', config.status === 200, 'status 200 without a session', config.status);
    report.check('GET /api/config', startupConfigSchema, config.json);

    // On start-up the client refreshes once; "no session" must be 200 without a token, or 403.
    const noSession = await visitor.post('/api/auth/refresh');
    report.expect('POST /api/auth/refresh (no cookie)', noSession.status === 403 || (noSession.status === 200 && !noSession.json?.token), '200 without token or 403', noSession.status);

    // A second tab replays a cookie the first one logged out: the retry must never be a 401.
    const { client } = await contract.signedUpClient();
    const staleCookie = client.refreshCookie;
    const logout = await client.post('/api/auth/logout');
    report.expect('POST /api/auth/logout (no body)', is2xx(logout.status), '2xx', logout.status);
    client.refreshCookie = staleCookie;
    const stale = await client.post('/api/auth/refresh');
    report.expect('POST /api/auth/refresh (stale cookie)', !stale.json?.token, 'no token for a revoked session', stale.json);
    const retry = await client.post('/api/auth/refresh?retry=true');
    report.expect('POST /api/auth/refresh?retry=true', retry.status !== 401, 'never 401 (the client would wait on itself forever)', retry.status);
    expect(report.issues).toEqual([]);
  });

  it('registers, signs in, reads the user and resets a password with the bodies the client sends', async () => {
    const report = createContractReport();
    const client = createLibreChatClient(contract.url);
    const email = `reset-${Date.now()}@example.com`;
    const registered = await client.post('/api/auth/register', { name: 'Grace Hopper', email, username: 'grace', password: 'compiler-1', confirm_password: 'compiler-1' });
    report.expect('POST /api/auth/register', is2xx(registered.status), '2xx', registered.status);
    // Registration errors are shown as response.data.message.
    const duplicate = await client.post('/api/auth/register', { name: 'Grace Again', email, username: 'grace2', password: 'compiler-1', confirm_password: 'compiler-1' });
    report.expect('POST /api/auth/register (taken email)', duplicate.status >= 400 && duplicate.status < 500 && typeof duplicate.json?.message === 'string', 'a 4xx with a message', duplicate.text);

    const login = await client.post('/api/auth/login', { email, password: 'compiler-1' });
    report.expect('POST /api/auth/login', login.status === 200, 'status 200', login.status);
    const session = report.check('POST /api/auth/login', signInAnswerSchema, login.json);
    const wrong = await client.post('/api/auth/login', { email, password: 'not-the-password' });
    // The client classifies login errors only by the digits 429, 403 and 500 in the status text.
    report.expect('POST /api/auth/login (wrong password)', ![200, 403, 429, 500].includes(wrong.status), 'an error status other than 403, 429 or 500', wrong.status);

    client.setToken(session?.token ?? '');
    const user = await client.get('/api/user');
    const parsedUser = report.check('GET /api/user', userSchema, user.json);
    report.expect('GET /api/user', parsedUser?.id === session?.user.id, 'the id of the sign-in answer', parsedUser?.id);

    const requested = await client.post('/api/auth/requestPasswordReset', { email });
    const reset = report.check('POST /api/auth/requestPasswordReset', passwordResetAnswerSchema, requested.json);
    const link = new URL(reset?.link ?? 'http://invalid/');
    const changed = await client.post('/api/auth/resetPassword', {
      userId: link.searchParams.get('userId'),
      token: link.searchParams.get('token'),
      password: 'compiler-2',
      confirm_password: 'compiler-2',
    });
    report.expect('POST /api/auth/resetPassword', is2xx(changed.status), '2xx', changed.status);
    const again = await client.post('/api/auth/login', { email, password: 'compiler-2' });
    report.expect('POST /api/auth/login (new password)', again.status === 200, 'status 200', again.status);
    expect(report.issues).toEqual([]);
  });

  it('answers endpoints, models, the override, files and search/enable in the client shapes', async () => {
    const report = createContractReport();
    const { client } = await contract.signedUpClient();
    const endpoints = await client.get('/api/endpoints');
    const config = report.check('GET /api/endpoints', endpointsConfigSchema, endpoints.json);
    report.expect('GET /api/endpoints', Object.keys(config ?? {}).length > 0, 'at least one endpoint');
    const models = await client.get('/api/models');
    const modelsConfig = report.check('GET /api/models', modelsConfigSchema, models.json);
    for (const name of Object.keys(config ?? {})) {
      report.expect(`GET /api/models ${name}`, (modelsConfig?.[name]?.length ?? 0) > 0, 'models for every listed endpoint', modelsConfig?.[name]);
    }
    const override = await client.get('/api/endpoints/config/override');
    report.expect('GET /api/endpoints/config/override', override.json === false || (typeof override.json === 'object' && override.json !== null), 'false or an object', override.text);
    // The chat view fetches a conversation's messages only once the file list has arrived.
    const files = await client.get('/api/files');
    report.expect('GET /api/files', files.status === 200, 'status 200', files.status);
    report.check('GET /api/files', fileListSchema, files.json);
    const search = await client.get('/api/search/enable');
    report.expect('GET /api/search/enable', typeof search.json === 'boolean', 'a JSON boolean', search.text);
    expect(report.issues).toEqual([]);
  });
});

describe('LibreChat client contract: keys, balance, tokenizer', () => {
  it('reports a missing key as 200 {expiresAt: null}, a saved one as a truthy expiry', async () => {
    const report = createContractReport();
    const { client } = await contract.signedUpClient();
    // The client puts the name into the URL as it is, without encoding.
    const path = '/api/keys?name=Bring Your Own Key';
    const none = await client.get(path);
    report.expect(`GET ${path} (no key)`, none.status === 200, 'status 200', none.status);
    report.check(`GET ${path} (no key)`, keyExpirySchema, none.json);
    report.expect(`GET ${path} (no key)`, !none.json?.expiresAt, 'an empty expiresAt', none.json);

    const expiresAt = new Date(Date.now() + 12 * 3600_000).toISOString();
    const value = JSON.stringify({ apiKey: 'sk-user-key', baseURL: 'http://127.0.0.1:9/v1' });
    const saved = await client.put('/api/keys', { name: 'Bring Your Own Key', value, expiresAt });
    report.expect('PUT /api/keys', is2xx(saved.status), '2xx', saved.status);
    const present = await client.get(path);
    report.check(`GET ${path} (saved)`, keyExpirySchema, present.json);
    report.expect(`GET ${path} (saved)`, Boolean(present.json?.expiresAt), 'a truthy expiresAt', present.json);

    const revoked = await client.delete('/api/keys/Bring Your Own Key');
    report.expect('DELETE /api/keys/:name', is2xx(revoked.status), '2xx', revoked.status);
    const afterRevoke = await client.get(path);
    report.expect(`GET ${path} (revoked)`, afterRevoke.status === 200 && !afterRevoke.json?.expiresAt, '200 with an empty expiresAt', afterRevoke.status);
    await client.put('/api/keys', { name: 'openAI', value: JSON.stringify({ apiKey: 'sk-user', baseURL: '' }), expiresAt });
    const all = await client.delete('/api/keys?all=true');
    report.expect('DELETE /api/keys?all=true', is2xx(all.status), '2xx', all.status);
    expect(report.issues).toEqual([]);
  });

  it('answers the balance as the client reads it: empty without a record, the number once credited', async () => {
    const report = createContractReport();
    const { client } = await contract.signedUpClient();
    const user = await client.get('/api/user');
    const before = await client.get('/api/balance');
    report.expect('GET /api/balance (no record)', before.status === 200, 'status 200', before.status);
    report.check('GET /api/balance (no record)', balanceBodySchema, before.text);
    report.expect('GET /api/balance (no record)', before.text === '', 'an empty body, as LibreChat answers', before.text);

    const dataDir = contract.server.output().match(/\(data in ([^)\n]+)\)/)?.[1] ?? '';
    const added = await runCli(['balance', 'add', '--email', user.json.email, '--amount', '2500', '--data-dir', dataDir], { cwd: dataDir });
    expect(added.code, added.stderr).toBe(0);
    const after = await client.get('/api/balance');
    report.check('GET /api/balance (credited)', balanceBodySchema, after.text);
    report.expect('GET /api/balance (credited)', Number.parseFloat(after.text) === 2500, 'the balance as a number', after.text);
    expect(report.issues).toEqual([]);
  });

  it('counts tokens for the body the client sends, {arg: text}', async () => {
    const report = createContractReport();
    const { client } = await contract.signedUpClient();
    const counted = await client.post('/api/tokenizer', { arg: 'How many tokens is this?' });
    report.expect('POST /api/tokenizer', counted.status === 200, 'status 200', counted.status);
    report.check('POST /api/tokenizer', tokenCountSchema, counted.json);
    expect(report.issues).toEqual([]);
  });
});
