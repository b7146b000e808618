import type { LookupAddress } from 'node:dns';
import { createServer, type Server } from 'node:http';
import type { AddressInfo, LookupFunction } from 'node:net';
import { hostname } from 'node:os';
import { Agent, interceptors, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlockedAddressError, checkOutboundUrl, createGuardedFetch, type ResolveAll } from './guarded-fetch.js';
import { isPrivateAddress } from './private-address.js';

/** Names a test resolver answers without DNS; anything else is resolved by the system. */
const table: Record<string, string[]> = {
  'rebound.example': ['127.0.0.1'],
  'localhost.': ['127.0.0.1'],
  'metadata.example': ['169.254.169.254'],
  'mixed.example': ['93.184.216.34', '127.0.0.1'],
};
const familyOf = (address: string) => (address.includes(':') ? 6 : 4);
const resolve: ResolveAll = (name, callback) => {
  const fixed = table[name];
  if (fixed) return callback(null, fixed.map((address) => ({ address, family: familyOf(address) })));
  return import('node:dns').then(({ lookup }) => lookup(name, { all: true }, callback));
};

/** The secret: a server on every loopback address (dual stack), the internal service an attacker wants. */
let secret: Server;
let secretPort: number;
let secretHits = 0;
/** An allow-listed host that redirects wherever `?to=` says, with the status `?status=` says. */
let redirector: Server;
let redirectorPort: number;
let redirectorHits = 0;

beforeAll(async () => {
  secret = createServer((_request, response) => {
    secretHits += 1;
    response.end('secret');
  });
  await new Promise<void>((done) => secret.listen(0, '::', done));
  secretPort = (secret.address() as AddressInfo).port;
  redirector = createServer((incoming, response) => {
    redirectorHits += 1;
    const url = new URL(incoming.url ?? '/', 'http://redirector');
    if (url.pathname === '/hello') return response.end('hello');
    if (url.pathname === '/chain') return response.writeHead(302, { location: `/chain?hop=${Number(url.searchParams.get('hop')) + 1}` }).end();
    response.writeHead(Number(url.searchParams.get('status')), { location: url.searchParams.get('to') ?? '/' }).end();
  });
  await new Promise<void>((done) => redirector.listen(0, '127.0.0.1', done));
  redirectorPort = (redirector.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((done) => secret.close(done));
  await new Promise((done) => redirector.close(done));
});

/**
 * The SSRF spellings list: every way of writing an address on this machine (or the cloud metadata
 * service) that a user-supplied URL must not reach. `reachable` ones really lead to the secret
 * server when nothing guards them, which the control test below proves.
 */
const spellingTemplates = [
  { name: '127.0.0.2', url: `http://127.0.0.2:{port}/`, reachable: true },
  { name: '[::1]', url: `http://[::1]:{port}/`, reachable: true },
  { name: '0x7f000001', url: `http://0x7f000001:{port}/`, reachable: true },
  { name: '2130706433', url: `http://2130706433:{port}/`, reachable: true },
  { name: '0177.0.0.1', url: `http://0177.0.0.1:{port}/`, reachable: true },
  { name: '0.0.0.0', url: `http://0.0.0.0:{port}/`, reachable: true },
  { name: '[::]', url: `http://[::]:{port}/`, reachable: true },
  { name: '[::ffff:127.0.0.1]', url: `http://[::ffff:127.0.0.1]:{port}/`, reachable: true },
  { name: '[::ffff:7f00:1]', url: `http://[::ffff:7f00:1]:{port}/`, reachable: true },
  { name: 'localhost', url: `http://localhost:{port}/`, reachable: true },
  { name: 'localhost. (trailing dot)', url: `http://localhost.:{port}/`, reachable: true },
  { name: "the machine's own name", url: `http://${hostname()}:{port}/`, reachable: true },
  { name: 'a name resolving to loopback', url: `http://rebound.example:{port}/`, reachable: true },
  { name: 'a name with a public and a loopback address', url: `http://mixed.example:{port}/`, reachable: false },
  { name: 'an allow-listed host on a port the allow-list does not name', url: `http://127.0.0.1:{port}/`, reachable: true },
  { name: '169.254.169.254 (cloud metadata)', url: 'http://169.254.169.254/latest/meta-data/', reachable: false },
  { name: 'a name resolving to the metadata address', url: 'http://metadata.example/latest/meta-data/', reachable: false },
  { name: '[fd00::1]', url: 'http://[fd00::1]/', reachable: false },
  { name: '10.0.0.1', url: 'http://10.0.0.1/', reachable: false },
];
// it.each reads the list before the servers start, so the secret's port is filled in when a test runs.
const withPort = (url: string) => url.replace('{port}', String(secretPort));

const allowRedirector = () => [`127.0.0.1:${redirectorPort}`];
const redirect = (status: number, to: string) => `http://127.0.0.1:${redirectorPort}/go?status=${status}&to=${encodeURIComponent(to)}`;

/** The innermost cause: fetch and the SDKs wrap the guard's refusal. */
function rootCause(error: unknown): unknown {
  let root = error;
  while (root instanceof Error && root.cause instanceof Error) root = root.cause;
  return root;
}

async function refusal(call: Promise<Response>): Promise<unknown> {
  try {
    await call;
  } catch (error) {
    return rootCause(error);
  }
  return 'not refused';
}

describe('the SSRF spellings list, as the first URL', () => {
  it.each(spellingTemplates)('refuses $name', async ({ url }) => {
    const before = secretHits;
    const refused = await refusal(createGuardedFetch(allowRedirector(), { resolve })(withPort(url)));
    expect(refused).toBeInstanceOf(BlockedAddressError);
    expect(String(refused)).toMatch(/private address/);
    expect(secretHits).toBe(before);
  });
});

describe('the SSRF spellings list, behind a redirect from an allow-listed host', () => {
  const cases = spellingTemplates.flatMap((spelling) => [301, 302, 307, 308].map((status) => ({ ...spelling, status })));
  it.each(cases)('refuses $name after a $status', async ({ url, status }) => {
    const [secretBefore, redirectorBefore] = [secretHits, redirectorHits];
    const refused = await refusal(createGuardedFetch(allowRedirector(), { resolve })(redirect(status, withPort(url)), { method: 'POST', body: '{}' }));
    expect(refused).toBeInstanceOf(BlockedAddressError);
    // The first request went through: it is the redirect hop that was refused.
    expect(redirectorHits).toBe(redirectorBefore + 1);
    expect(secretHits).toBe(secretBefore);
  });

  it('the same redirects lead to the secret server when nothing guards them (so the refusals are the guard)', async () => {
    const lookup: LookupFunction = (name, options, callback) =>
      resolve(name, (error, list: LookupAddress[]) => {
        if (error) return callback(error, '', 0);
        if (options.all) return (callback as unknown as (error: null, all: LookupAddress[]) => void)(null, list);
        return callback(null, list[0].address, list[0].family);
      });
    const unguarded = new Agent({ connect: { lookup } }).compose(interceptors.redirect({ maxRedirections: 5 }));
    for (const { url } of spellingTemplates.filter((spelling) => spelling.reachable)) {
      const answer = await request(redirect(302, withPort(url)), { dispatcher: unguarded });
      expect(await answer.body.text(), url).toBe('secret');
    }
  });

  it('still follows a redirect whose target passes the checks', async () => {
    const guarded = createGuardedFetch([...allowRedirector(), `localhost:${secretPort}`], { resolve });
    const response = await guarded(redirect(307, `http://localhost:${secretPort}/`));
    expect(await response.text()).toBe('secret');
    expect(await (await guarded(redirect(301, '/hello'))).text()).toBe('hello');
  });

  it('follows at most five redirects, then hands back the last one', async () => {
    const before = redirectorHits;
    const response = await createGuardedFetch(allowRedirector())(`http://127.0.0.1:${redirectorPort}/chain?hop=0`);
    expect(response.status).toBe(302);
    expect(redirectorHits - before).toBe(6);
  });

  it('refuses a redirect to another scheme', async () => {
    expect(String(await refusal(createGuardedFetch(allowRedirector())(redirect(302, 'file:///etc/passwd'))))).toMatch(/must start with `http:` or `https:`/);
  });
});

describe('ssrf.allowedHosts ports', () => {
  it('an entry without a port allows 80 and 443 only', async () => {
    const guarded = createGuardedFetch(['127.0.0.1']);
    expect(await refusal(guarded(`http://127.0.0.1:${redirectorPort}/hello`))).toBeInstanceOf(BlockedAddressError);
    expect(() => checkOutboundUrl(new URL('http://127.0.0.1/'), ['127.0.0.1'])).not.toThrow();
    expect(() => checkOutboundUrl(new URL('https://127.0.0.1/'), ['127.0.0.1'])).not.toThrow();
    expect(() => checkOutboundUrl(new URL('http://127.0.0.1:8080/'), ['127.0.0.1'])).toThrow(BlockedAddressError);
  });

  it('an entry with a port allows that port only', async () => {
    const guarded = createGuardedFetch([`127.0.0.1:${redirectorPort}`, `[::1]:${secretPort}`]);
    expect(await (await guarded(`http://127.0.0.1:${redirectorPort}/hello`)).text()).toBe('hello');
    expect(await (await guarded(`http://[::1]:${secretPort}/`)).text()).toBe('secret');
    expect(await refusal(guarded(`http://[::1]:${redirectorPort}/hello`))).toBeInstanceOf(BlockedAddressError);
    expect(() => checkOutboundUrl(new URL(`http://127.0.0.1/`), [`127.0.0.1:${redirectorPort}`])).toThrow(BlockedAddressError);
  });

  it('wildcards match subdomains only, case-insensitively, with or without a port', () => {
    expect(() => checkOutboundUrl(new URL('https://GPU.lab.example.com/'), ['*.example.com'])).not.toThrow();
    expect(() => checkOutboundUrl(new URL('http://gpu.example.com:11434/'), ['*.example.com:11434'])).not.toThrow();
    expect(() => checkOutboundUrl(new URL('http://example.com.localhost/'), ['*.example.com'])).toThrow(BlockedAddressError);
  });
});

describe('checkOutboundUrl', () => {
  it.each(['file:///etc/passwd', 'ftp://example.com/', 'gopher://127.0.0.1:6379/', 'data:text/plain,hi'])('refuses the scheme of %s', (url) => {
    expect(() => checkOutboundUrl(new URL(url), ['127.0.0.1'])).toThrow(/URLs are not allowed/);
  });

  it('lets public addresses and names through to the connection check', () => {
    for (const url of ['https://api.openai.com/v1', 'http://8.8.8.8:8080/', 'http://[2606:4700:4700::1111]/']) expect(() => checkOutboundUrl(new URL(url), [])).not.toThrow();
  });
});

describe('isPrivateAddress', () => {
  it.each([
    '127.0.0.1', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0',
    '::1', '::', 'fd00::1', 'fe80::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:a9fe:a9fe', '::7f00:1', '64:ff9b::7f00:1', '[::1]', 'not-an-ip',
  ])('refuses %s', (address) => expect(isPrivateAddress(address)).toBe(true));

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('allows %s', (address) => expect(isPrivateAddress(address)).toBe(false));
});
