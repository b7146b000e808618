import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGuardedFetch, isAllowedHost, loadGuardedFetch } from './upstream-fetch.js';
import { isPrivateAddress } from './private-address.js';

describe('isPrivateAddress', () => {
  it.each([
    '127.0.0.1', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0',
    '::1', '::', 'fd00::1', 'fe80::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:a9fe:a9fe', '[::1]', 'not-an-ip',
  ])('refuses %s', (address) => expect(isPrivateAddress(address)).toBe(true));

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('allows %s', (address) => expect(isPrivateAddress(address)).toBe(false));
});

describe('isAllowedHost', () => {
  it('matches exact hosts and *.domain wildcards, case-insensitively', () => {
    expect(isAllowedHost('Ollama.Internal', ['ollama.internal'])).toBe(true);
    expect(isAllowedHost('gpu.lab.example.com', ['*.example.com'])).toBe(true);
    expect(isAllowedHost('example.com.evil.net', ['*.example.com'])).toBe(false);
    expect(isAllowedHost('10.0.0.5', [])).toBe(false);
  });
});

describe('createGuardedFetch', () => {
  let server: Server;
  let port: number;
  beforeAll(async () => {
    server = createServer((_request, response) => response.end('reached'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('refuses loopback, private and metadata targets by address and by name, before connecting', async () => {
    const guarded = createGuardedFetch([]);
    await expect(guarded(`http://127.0.0.1:${port}/`)).rejects.toThrow(/private address/);
    await expect(guarded(`http://[::ffff:127.0.0.1]:${port}/`)).rejects.toThrow(/private address/);
    await expect(guarded('http://169.254.169.254/latest/meta-data/')).rejects.toThrow(/private address/);
    await expect(guarded(`http://localhost:${port}/`)).rejects.toThrow(/private address/);
    await expect(guarded('file:///etc/passwd')).rejects.toThrow(/not allowed/);
  });

  it('checks names at connect time: a name resolving to loopback is refused', async () => {
    // A name that resolves without the internet: the machine's own hostname, which /etc/hosts maps to loopback.
    const { hostname } = await import('node:os');
    const guarded = createGuardedFetch([]);
    await expect(guarded(`http://${hostname()}:${port}/`)).rejects.toMatchObject({ cause: { name: 'BlockedAddressError', message: expect.stringMatching(/private address/) } });
  });

  it('checks the address of every connection it makes, so a redirect cannot reach a private address either', async () => {
    // No public host is reachable here to redirect from, and createGuardedFetch refuses a private first
    // URL before connecting: so the fetch behind it, whose connector every hop of a redirect goes
    // through, is called directly with an address literal.
    const connectionChecked = await loadGuardedFetch();
    await expect(connectionChecked(`http://127.0.0.1:${port}/`)).rejects.toMatchObject({ cause: { name: 'BlockedAddressError', message: '127.0.0.1 is a private address' } });
  });

  it('lets an allow-listed host through', async () => {
    const guarded = createGuardedFetch(['127.0.0.1']);
    const response = await guarded(`http://127.0.0.1:${port}/`);
    expect(await response.text()).toBe('reached');
  });
});
