import { describe, expect, it } from 'vitest';
import { validateConfig } from './validate.js';

const groq = { name: 'Groq', apiKey: 'user_provided', baseURL: 'https://api.groq.com/openai/v1', models: { default: ['llama3-70b-8192'] } };

describe('validateConfig: unknown keys', () => {
  it('warns about unknown keys at every depth, with their yaml paths, and still loads the file', () => {
    const { config, errors, warnings } = validateConfig(
      {
        version: '1.0.6',
        colour: 'blue',
        registration: { socialLogins: ['github'], inviteOnly: true },
        fileConfig: { endpoints: { Groq: { fileLimit: 2, maxPages: 3 } } },
        endpoints: {
          custom: [{ ...groq, foo: 1, models: { ...groq.models, sort: 'asc' } }],
          azureOpenAI: {
            groups: [
              {
                group: 'g',
                apiKey: 'k',
                instanceName: 'i',
                version: 'v',
                deploymentName: 'd',
                models: { 'gpt-4': { deploymentName: 'gpt4', region: 'eu' }, 'gpt-4o': true },
              },
            ],
          },
        },
      },
      {},
    );
    expect(errors).toEqual([]);
    // fileConfig is ignored as a whole for now, so what is inside it is not checked key by key.
    expect(warnings.map((warning) => warning.path).sort()).toEqual([
      'colour',
      'endpoints.azureOpenAI.groups[0].models.gpt-4.region',
      'endpoints.custom[0].foo',
      'endpoints.custom[0].models.sort',
      'registration.inviteOnly',
    ]);
    expect(warnings.find((warning) => warning.path === 'endpoints.custom[0].foo')?.message).toBe('unknown key "foo" is ignored');
    expect(config?.endpoints?.custom?.[0]).toEqual(groq);
    expect(config?.endpoints?.azureOpenAI?.groups[0].models).toEqual({ 'gpt-4': { deploymentName: 'gpt4' }, 'gpt-4o': true });
    expect(config?.registration.socialLogins).toEqual(['github']);
  });

  it('returns every error together with the unknown-key warnings', () => {
    const { config, errors, warnings } = validateConfig(
      { version: '1.0.6', cache: 'no', endpoints: { custom: [{ ...groq, apiKey: 5, extra: true }, { ...groq, name: 'google' }] } },
      {},
    );
    expect(config).toBeNull();
    expect(errors.map((error) => error.path)).toEqual(['cache', 'endpoints.custom[0].apiKey', 'endpoints.custom[1].name']);
    expect(warnings).toEqual([{ path: 'endpoints.custom[0].extra', message: 'unknown key "extra" is ignored' }]);
  });

  it('reports a document that is not a mapping, or is empty, as an error', () => {
    expect(validateConfig(['version'], {}).errors).toEqual([{ path: '', message: expect.stringContaining('expected object') }]);
    expect(validateConfig(null, {}).errors).toEqual([{ path: '', message: expect.stringContaining('empty') }]);
  });
});

describe('validateConfig: version', () => {
  it.each([['1.4.0'], ['2.0.0'], [2], ['1.4']])('warns about the newer version %j', (version) => {
    const { config, errors, warnings } = validateConfig({ version }, {});
    expect(errors).toEqual([]);
    expect(config?.version).toBe(String(version));
    expect(warnings).toEqual([{ path: 'version', message: expect.stringContaining('newer than the supported 1.3.13') }]);
  });

  it.each([['1.0.0'], ['1.0.6'], ['1.0.9'], ['1.1.5'], ['1.2.1'], ['1.3.0'], ['1.3.20'], [1]])('accepts %j silently', (version) => {
    expect(validateConfig({ version }, {})).toMatchObject({ errors: [], warnings: [] });
  });
});

describe('validateConfig: interpolation', () => {
  it('substitutes environment variables before validating', () => {
    const { config, warnings } = validateConfig(
      { version: '1.0.6', endpoints: { custom: [{ ...groq, apiKey: '${GROQ_API_KEY}', headers: { 'X-Title': '${APP_TITLE}' } }] } },
      { GROQ_API_KEY: 'gsk-secret', APP_TITLE: 'My chat' },
    );
    expect(warnings).toEqual([]);
    expect(config?.endpoints?.custom?.[0]).toMatchObject({ apiKey: 'gsk-secret', headers: { 'X-Title': 'My chat' } });
  });

  it('warns with the path of a variable that is not set', () => {
    const { warnings, config } = validateConfig({ version: '1.0.6', endpoints: { custom: [{ ...groq, apiKey: '${MISSING_KEY}' }] } }, {});
    expect(warnings).toEqual([{ path: 'endpoints.custom[0].apiKey', message: 'environment variable MISSING_KEY is not set; the literal "${MISSING_KEY}" is kept' }]);
    expect(config?.endpoints?.custom?.[0].apiKey).toBe('${MISSING_KEY}');
  });
});
