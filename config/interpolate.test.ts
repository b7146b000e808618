import { describe, expect, it } from 'vitest';
import { interpolateEmbedded, interpolateEnv, isEnvReference, isUserProvided } from './interpolate.js';

describe('interpolateEnv', () => {
  it('replaces whole ${NAME} values at any depth, inside lists too', () => {
    const { value, warnings } = interpolateEnv(
      { apiKey: '${KEY}', nested: { list: ['${HOST}', 'plain'] }, count: 3, flag: true, none: null },
      { KEY: 'secret', HOST: 'example.com' },
    );
    expect(value).toEqual({ apiKey: 'secret', nested: { list: ['example.com', 'plain'] }, count: 3, flag: true, none: null });
    expect(warnings).toEqual([]);
  });

  it('never substitutes part of a string', () => {
    const input = { baseURL: 'https://${INSTANCE_NAME}.openai.azure.com/${DEPLOYMENT}', label: 'x ${KEY}', padded: ' ${KEY}' };
    expect(interpolateEnv(input, { INSTANCE_NAME: 'a', DEPLOYMENT: 'b', KEY: 'c' })).toEqual({ value: input, warnings: [] });
  });

  it('keeps the literal of an unset or empty variable and reports where it was', () => {
    const { value, warnings } = interpolateEnv({ a: { b: ['${UNSET}'] }, c: '${EMPTY}' }, { EMPTY: '' });
    expect(value).toEqual({ a: { b: ['${UNSET}'] }, c: '${EMPTY}' });
    expect(warnings).toEqual([
      { path: ['a', 'b', 0], message: 'environment variable UNSET is not set; the literal "${UNSET}" is kept' },
      { path: ['c'], message: 'environment variable EMPTY is not set; the literal "${EMPTY}" is kept' },
    ]);
  });

  it('leaves user_provided alone and does not modify its input', () => {
    const input = { apiKey: 'user_provided', key: '${KEY}' };
    const { value } = interpolateEnv(input, { KEY: 'k', user_provided: 'nope' });
    expect(value).toEqual({ apiKey: 'user_provided', key: 'k' });
    expect(input.key).toBe('${KEY}');
  });
});

describe('helpers', () => {
  it('recognises user_provided exactly', () => {
    expect(isUserProvided('user_provided')).toBe(true);
    expect(isUserProvided('USER_PROVIDED')).toBe(false);
    expect(isUserProvided(undefined)).toBe(false);
  });

  it('recognises an unresolved environment reference', () => {
    expect(isEnvReference('${OPENROUTER_KEY}')).toBe(true);
    expect(isEnvReference('${1BAD}')).toBe(false);
    expect(isEnvReference('prefix-${KEY}')).toBe(false);
  });
});

describe('interpolateEmbedded', () => {
  it('replaces every ${NAME} inside a string and names the unset ones, keeping their literal', () => {
    expect(interpolateEmbedded('Bearer ${TOKEN} for ${WHO}', { TOKEN: 't0k', WHO: '' })).toEqual({ value: 'Bearer t0k for ${WHO}', missing: ['WHO'] });
    expect(interpolateEmbedded('plain', {})).toEqual({ value: 'plain', missing: [] });
  });
});
