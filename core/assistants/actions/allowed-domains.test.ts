import { describe, expect, it } from 'vitest';
import { isAllowedActionUrl } from './allowed-domains.js';

const allowed = (url: string, entries: string[]) => isAllowedActionUrl(new URL(url), entries);

describe('actions.allowedDomains', () => {
  it('matches a host exactly, on any scheme and port', () => {
    expect(allowed('https://api.example.com/v1', ['api.example.com'])).toBe(true);
    expect(allowed('http://api.example.com:8080', ['api.example.com'])).toBe(true);
    expect(allowed('https://example.com', ['api.example.com'])).toBe(false);
    expect(allowed('https://api.example.com.evil.test', ['api.example.com'])).toBe(false);
  });

  it('lets *.domain match its subdomains only', () => {
    expect(allowed('https://a.b.example.com', ['*.example.com'])).toBe(true);
    expect(allowed('https://example.com', ['*.example.com'])).toBe(false);
    expect(allowed('https://badexample.com', ['*.example.com'])).toBe(false);
  });

  it('limits an entry with a scheme or a port to it', () => {
    expect(allowed('https://api.example.com:8443/x', ['https://api.example.com:8443'])).toBe(true);
    expect(allowed('http://api.example.com:8443/x', ['https://api.example.com:8443'])).toBe(false);
    expect(allowed('https://api.example.com/x', ['https://api.example.com:8443'])).toBe(false);
    expect(allowed('https://api.example.com/x', ['api.example.com:443'])).toBe(true);
    expect(allowed('http://127.0.0.1:3000', ['127.0.0.1'])).toBe(true);
    expect(allowed('http://[::1]:3000', ['[::1]:3000'])).toBe(true);
  });
});
