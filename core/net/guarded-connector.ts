import type { LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import type { Agent as UndiciAgent, buildConnector as BuildConnector } from 'undici';
import { isAllowedTarget } from './allowed-hosts.js';
import { isPrivateAddress } from './private-address.js';

export class BlockedAddressError extends Error {
  override name = 'BlockedAddressError';
}

export const privateAddressRefusal = (host: string) => new BlockedAddressError(`${host} is a private address`);

/** Name resolution with every address: dns.lookup's `all` form, replaceable in tests by a fixed table. */
export type ResolveAll = (hostname: string, callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) => void;

/**
 * A lookup for net.connect that refuses when any address of the name is private. It runs when the
 * socket connects, so the address checked is the address used: a name that resolves differently
 * later (DNS rebinding) is caught too.
 */
function checkedLookup(resolve: ResolveAll, check: boolean): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, (error, list) => {
      if (error) return callback(error, '', 0);
      const refused = check ? list.find((entry) => isPrivateAddress(entry.address)) : undefined;
      if (refused) return callback(new BlockedAddressError(`${hostname} resolves to a private address (${refused.address})`), '', 0);
      if (list.length === 0) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', 0);
      // Node's own callback type has no overload for the `all` form that net.connect asks for.
      if (options.all) return (callback as unknown as (error: null, all: LookupAddress[]) => void)(null, list);
      return callback(null, list[0].address, list[0].family);
    });
  };
}

interface UndiciParts {
  Agent: typeof UndiciAgent;
  buildConnector: typeof BuildConnector;
}

/**
 * An undici Agent whose every connection, whichever request or redirect hop opens it, passes the
 * SSRF rules: an allow-listed host and port connects; any other address literal connects only when
 * public; a name connects only when all its addresses are public.
 */
export function createGuardedAgent(undici: UndiciParts, allowedHosts: string[], resolve: ResolveAll): UndiciAgent {
  const trusted = undici.buildConnector({ lookup: checkedLookup(resolve, false) });
  const checked = undici.buildConnector({ lookup: checkedLookup(resolve, true) });
  return new undici.Agent({
    connect: (options, callback) => {
      const host = options.hostname.replace(/^\[|\]$/g, '');
      const port = Number(options.port) || (options.protocol === 'https:' ? 443 : 80);
      if (isAllowedTarget(host, port, allowedHosts)) return trusted(options, callback);
      if (isIP(host) && isPrivateAddress(host)) return callback(privateAddressRefusal(host), null);
      return checked(options, callback);
    },
  });
}
