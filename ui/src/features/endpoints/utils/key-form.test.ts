import { describe, expect, it } from 'vitest';
import { buildKeyValue, expiresAtFor, keyFormKind, missingKeyFields, parseServiceAccount, visibleKeyFields } from './key-form.js';

const entry = (userProvide: boolean, userProvideURL: boolean, extra: object = {}) => ({ order: 0, userProvide, userProvideURL, ...extra });
const privateKey = `-----BEGIN PRIVATE KEY-----\n${'A'.repeat(600)}\n-----END PRIVATE KEY-----\n`;
const account = { type: 'service_account', project_id: 'my-project', client_email: 'bot@my-project.iam.gserviceaccount.com', private_key: privateKey };

describe('key form per endpoint', () => {
  it.each([
    ['openAI', 'openAI', entry(true, false), 'openAI'],
    ['Mistral', 'custom', entry(true, true), 'openAI'],
    ['azureOpenAI', 'azureOpenAI', entry(true, false), 'azure'],
    ['google', 'google', entry(true, false), 'google'],
    ['anthropic', 'anthropic', entry(true, false), 'plain'],
  ] as const)('%s (%s) takes the %s form', (endpoint, kind, config, expected) => {
    expect(keyFormKind(endpoint, kind, config)).toBe(expected);
  });

  it('shows apiKey and baseURL only as the endpoint asks', () => {
    expect(visibleKeyFields('openAI', entry(true, true))).toEqual(['apiKey', 'baseURL']);
    expect(visibleKeyFields('openAI', entry(true, false))).toEqual(['apiKey']);
    expect(visibleKeyFields('openAI', entry(false, true))).toEqual(['baseURL']);
    expect(visibleKeyFields('azure', entry(true, false))).toEqual([
      'azureOpenAIApiKey',
      'azureOpenAIApiInstanceName',
      'azureOpenAIApiDeploymentName',
      'azureOpenAIApiVersion',
    ]);
    expect(visibleKeyFields('plain', entry(true, false))).toEqual(['apiKey']);
  });

  it('reports every empty visible field', () => {
    expect(missingKeyFields(['apiKey', 'baseURL'], { apiKey: ' ', baseURL: '' })).toEqual(['apiKey', 'baseURL']);
    expect(missingKeyFields(['apiKey', 'baseURL'], { apiKey: 'sk', baseURL: 'http://x' })).toEqual([]);
  });

  it('builds the value shapes of docs/api.md', () => {
    expect(JSON.parse(buildKeyValue('openAI', ['apiKey', 'baseURL'], { apiKey: ' sk-1 ', baseURL: 'http://llm/v1' }))).toEqual({ apiKey: 'sk-1', baseURL: 'http://llm/v1' });
    expect(JSON.parse(buildKeyValue('openAI', ['apiKey'], { apiKey: 'sk-1' }))).toEqual({ apiKey: 'sk-1' });
    expect(
      JSON.parse(
        buildKeyValue('azure', [], {
          azureOpenAIApiKey: 'az',
          azureOpenAIApiInstanceName: 'inst',
          azureOpenAIApiDeploymentName: 'dep',
          azureOpenAIApiVersion: '2024-10-21',
        }),
      ),
    ).toEqual({ azureOpenAIApiKey: 'az', azureOpenAIApiInstanceName: 'inst', azureOpenAIApiDeploymentName: 'dep', azureOpenAIApiVersion: '2024-10-21' });
    expect(buildKeyValue('plain', ['apiKey'], { apiKey: ' sk-ant ' })).toBe('sk-ant');
    expect(buildKeyValue('google', ['apiKey'], { apiKey: 'AIza' })).toBe('AIza');
    expect(JSON.parse(buildKeyValue('google', ['apiKey'], {}, account))).toEqual(account);
  });

  it('turns the expiry choice into an ISO time from now', () => {
    const now = Date.parse('2024-06-15T10:00:00Z');
    expect(expiresAtFor('30m', now)).toBe('2024-06-15T10:30:00.000Z');
    expect(expiresAtFor('12h', now)).toBe('2024-06-15T22:00:00.000Z');
    expect(expiresAtFor('30d', now)).toBe('2024-07-15T10:00:00.000Z');
  });
});

describe('Google service account import', () => {
  it('accepts a .json file with a valid client_email, project_id and a 601+ character private_key', () => {
    expect(parseServiceAccount('key.json', JSON.stringify(account))).toEqual(account);
    expect(parseServiceAccount('key.json', JSON.stringify({ ...account, private_key: 'x'.repeat(601) }))).not.toBeNull();
  });

  it.each([
    ['a non-JSON file name', 'key.txt', account],
    ['a private_key of 600 characters', 'key.json', { ...account, private_key: 'x'.repeat(600) }],
    ['a project_id of 2 characters', 'key.json', { ...account, project_id: 'ab' }],
    ['a client_email that is no address', 'key.json', { ...account, client_email: 'not-an-email' }],
    ['a missing client_email', 'key.json', { project_id: 'my-project', private_key: privateKey }],
    ['an array', 'key.json', [account]],
  ])('refuses %s', (_, name, content) => {
    expect(parseServiceAccount(name, JSON.stringify(content))).toBeNull();
  });

  it('refuses a file that is not JSON', () => {
    expect(parseServiceAccount('key.json', '{ nope')).toBeNull();
  });
});
