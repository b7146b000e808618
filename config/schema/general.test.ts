import { describe, expect, it } from 'vitest';
import { validateConfig } from '../validate.js';

const check = (document: Record<string, unknown>) => validateConfig({ version: '1.0.6', ...document }, {});

describe('top-level settings', () => {
  it('fills the defaults of a minimal file', () => {
    const { config, errors } = check({});
    expect(errors).toEqual([]);
    expect(config).toMatchObject({
      version: '1.0.6',
      cache: true,
      fileStrategy: 'local',
      secureImageLinks: false,
      imageOutputType: 'png',
      registration: { socialLogins: ['github', 'google', 'discord', 'openid', 'facebook'] },
      ssrf: { allowedHosts: [] },
    });
    expect(config?.endpoints).toBeUndefined();
  });

  it('requires version', () => {
    const { errors } = validateConfig({ cache: true }, {});
    expect(errors).toEqual([{ path: 'version', message: 'required (expected a version string such as 1.0.6)' }]);
  });

  it('rejects a version that is not a version number', () => {
    expect(check({ version: 'latest' }).errors).toEqual([{ path: 'version', message: 'expected a version such as 1.0.6' }]);
  });

  it('reports wrong types and values of scalar settings with their paths', () => {
    const { errors, config } = check({ cache: 'yes', fileStrategy: 7, imageOutputType: 'gif', secureImageLinks: 1 });
    expect(config).toBeNull();
    expect(errors.map((error) => error.path)).toEqual(['cache', 'fileStrategy', 'secureImageLinks', 'imageOutputType']);
    expect(errors[3].message).toContain('"webp"');
  });

  it('accepts any file strategy name of a LibreChat release (azure_blob, cloudfront …); the files routes pick the storage', () => {
    const { errors, config, ignored } = check({ fileStrategy: 'azure_blob' });
    expect(errors).toEqual([]);
    expect(config?.fileStrategy).toBe('azure_blob');
    expect(ignored).toEqual([]);
  });
});

describe('interface', () => {
  it('accepts footer links', () => {
    const link = { externalUrl: 'https://example.com/terms', openNewTab: true };
    expect(check({ interface: { termsOfService: link } }).config?.interface).toEqual({ termsOfService: link });
  });

  it('rejects a non-boolean openNewTab', () => {
    const { errors } = check({ interface: { privacyPolicy: { externalUrl: 'x', openNewTab: 'yes' } } });
    expect(errors).toEqual([{ path: 'interface.privacyPolicy.openNewTab', message: expect.stringContaining('boolean') }]);
  });
});

describe('registration', () => {
  it('keeps the configured order of social logins and the allowed domains', () => {
    const { config } = check({ registration: { socialLogins: ['google', 'github'], allowedDomains: ['example.com'] } });
    expect(config?.registration).toEqual({ socialLogins: ['google', 'github'], allowedDomains: ['example.com'] });
  });

  it('drops the social logins chatbox has no sign-in for (LibreChat 1.2 lists apple and saml) and lists them as ignored', () => {
    const { errors, config, ignored } = check({ registration: { socialLogins: ['github', 'apple', 'saml', 'google'] } });
    expect(errors).toEqual([]);
    expect(config?.registration.socialLogins).toEqual(['github', 'google']);
    expect(ignored).toEqual([{ section: 'registration.socialLogins', keys: ['apple', 'saml'] }]);
  });

  it('still rejects a social login that is not a name', () => {
    expect(check({ registration: { socialLogins: ['github', 7] } }).errors).toEqual([{ path: 'registration.socialLogins[1]', message: expect.stringContaining('string') }]);
  });
});

describe('rateLimits', () => {
  it('accepts the file upload limits', () => {
    const fileUploads = { ipMax: 100, ipWindowInMinutes: 60, userMax: 50, userWindowInMinutes: 60 };
    expect(check({ rateLimits: { fileUploads } }).config?.rateLimits).toEqual({ fileUploads });
  });

  it('rejects non-positive and non-numeric limits', () => {
    const { errors } = check({ rateLimits: { fileUploads: { ipMax: 0, userWindowInMinutes: '5' } } });
    expect(errors.map((error) => error.path)).toEqual(['rateLimits.fileUploads.ipMax', 'rateLimits.fileUploads.userWindowInMinutes']);
  });
});

describe('ssrf', () => {
  it('accepts host names, IPs and subdomain wildcards', () => {
    const allowedHosts = ['llm.internal', '10.0.0.5', '*.corp.example.com', '[::1]'];
    expect(check({ ssrf: { allowedHosts } }).config?.ssrf).toEqual({ allowedHosts });
  });

  it('accepts a port on a host, a wildcard, an IPv4 address and a bracketed IPv6 address', () => {
    const allowedHosts = ['llm.internal:11434', '*.corp.example.com:8443', '10.0.0.5:8080', '[::1]:11434', '::1'];
    expect(check({ ssrf: { allowedHosts } }).config?.ssrf).toEqual({ allowedHosts });
  });

  it('refuses a port out of range or an entry it cannot read', () => {
    const { errors } = check({ ssrf: { allowedHosts: ['llm.internal:0', 'llm.internal:65536', 'llm.internal:http', '[::1'] } });
    expect(errors.map((error) => error.path)).toEqual([0, 1, 2, 3].map((index) => `ssrf.allowedHosts[${index}]`));
    expect(errors[0].message).toContain('host:port');
  });

  it('refuses a URL where a host is expected', () => {
    const { errors } = check({ ssrf: { allowedHosts: ['ok.example.com', 'https://api.example.com/v1'] } });
    expect(errors).toEqual([{ path: 'ssrf.allowedHosts[1]', message: expect.stringContaining('not a URL') }]);
  });
});

describe('cache', () => {
  it('lists cache: false as ignored: chatbox reads the file once at start', () => {
    expect(check({ cache: false }).ignored).toEqual([{ section: '', keys: ['cache'] }]);
    expect(check({ cache: true }).ignored).toEqual([]);
  });
});
