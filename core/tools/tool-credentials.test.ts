import { describe, expect, it } from 'vitest';
import type { ToolManifest } from '../plugin-api/tool.js';
import { environmentValue, isAuthenticatedByEnvironment, missingCredentialsMessage, resolveToolCredentials } from './tool-credentials.js';

const dalle = { authField: 'DALLE3_API_KEY||DALLE_API_KEY', label: 'OpenAI API Key', description: '' };
const cse = { authField: 'GOOGLE_CSE_ID', label: 'Google CSE ID', description: '' };
const manifest: ToolManifest = { displayName: 'Both', summary: '', icon: '', credentials: [dalle, cse] };

describe('environmentValue', () => {
  it.each([
    [{ DALLE3_API_KEY: 'k3', DALLE_API_KEY: 'k' }, 'k3'],
    [{ DALLE_API_KEY: ' k ' }, 'k'],
    [{ DALLE3_API_KEY: 'user_provided', DALLE_API_KEY: 'k' }, 'k'],
    [{ DALLE3_API_KEY: '   ' }, undefined],
    [{ DALLE3_API_KEY: 'user_provided' }, undefined],
    [{}, undefined],
  ])('reads %j as %j', (env, expected) => {
    expect(environmentValue(dalle, env)).toBe(expected);
  });
});

describe('isAuthenticatedByEnvironment', () => {
  it('needs every field set, and holds for a tool without fields', () => {
    expect(isAuthenticatedByEnvironment(manifest, { DALLE_API_KEY: 'k', GOOGLE_CSE_ID: 'c' })).toBe(true);
    expect(isAuthenticatedByEnvironment(manifest, { DALLE_API_KEY: 'k' })).toBe(false);
    expect(isAuthenticatedByEnvironment({ ...manifest, credentials: [] }, {})).toBe(true);
  });
});

describe('resolveToolCredentials', () => {
  it("prefers the user's stored value, falls back to the environment by first name, and lists what is missing", () => {
    expect(resolveToolCredentials(manifest, { DALLE3_API_KEY: 'mine' }, { DALLE_API_KEY: 'operator', GOOGLE_CSE_ID: 'cse' })).toEqual({ credentials: { DALLE3_API_KEY: 'mine', GOOGLE_CSE_ID: 'cse' }, missing: [] });
    expect(resolveToolCredentials(manifest, {}, { DALLE_API_KEY: 'operator' })).toEqual({ credentials: { DALLE3_API_KEY: 'operator' }, missing: [cse] });
  });

  it('names each missing field with its alternatives', () => {
    expect(missingCredentialsMessage([dalle, cse])).toMatch(/^it needs OpenAI API Key \(DALLE3_API_KEY or DALLE_API_KEY\), Google CSE ID \(GOOGLE_CSE_ID\), which nobody has supplied/);
  });
});
