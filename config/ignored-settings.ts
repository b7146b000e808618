import { socialLoginProviders } from './schema/registration.js';
import { customEndpointProviders } from './schema/endpoints/custom.js';
import { matchesKeyPattern, notYetHonouredPatterns } from './schema/librechat-keys.js';
import { formatPath } from './issues.js';
import { mcpTransportOf } from './schema/mcp-servers.js';

/** LibreChat settings a file uses that chatbox does not implement, grouped by the section holding them. */
export interface IgnoredGroup {
  /** The yaml section, list positions left out (`interface`, `endpoints.custom`); '' for the top level. */
  section: string;
  /** Keys (or, for lists of names such as socialLogins, values) in the order the file has them. */
  keys: string[];
}

type Path = ReadonlyArray<PropertyKey>;

/**
 * Everything of `document` chatbox ignores: the LibreChat keys its schema does not read
 * (`unreadKeys`, found by the validator), the keys it reads but does not act on yet, and values it
 * cannot honour (an `apple` social login, a custom endpoint `provider` it has no client for, `cache: false`).
 * `customProviders`: the custom endpoint `provider` names the server's plugins serve (see ValidateOptions).
 */
export function collectIgnored(document: unknown, unreadKeys: Path[], customProviders: readonly string[] = customEndpointProviders): IgnoredGroup[] {
  const groups = new Map<string, string[]>();
  const add = (section: string, key: string) => {
    const keys = groups.get(section) ?? [];
    if (!keys.includes(key)) keys.push(key);
    groups.set(section, keys);
  };
  const addPath = (path: Path) => add(sectionOf(path.slice(0, -1)), String(path[path.length - 1]));

  // A key inside a section that is ignored as a whole (fileConfig) adds nothing to the list.
  const insideIgnoredSection = (path: Path) => path.some((_, end) => end > 0 && matchesKeyPattern(path.slice(0, end), notYetHonouredPatterns));
  for (const path of unreadKeys) if (!insideIgnoredSection(path)) addPath(path);
  visit(document, [], (path) => {
    if (matchesKeyPattern(path, notYetHonouredPatterns)) addPath(path);
  });
  for (const value of unsupportedValues(document, customProviders)) add(value.section, value.key);
  return [...groups].map(([section, keys]) => ({ section, keys })).sort((a, b) => (a.section === '' ? -1 : b.section === '' ? 1 : 0));
}

/** One line for the start log and `chatbox config validate`: "ignored (not implemented by chatbox): speech, memory; interface: agents". */
export function formatIgnored(groups: IgnoredGroup[]): string | null {
  if (groups.length === 0) return null;
  const parts = groups.map(({ section, keys }) => (section ? `${section}: ${keys.join(', ')}` : keys.join(', ')));
  return `ignored (not implemented by chatbox): ${parts.join('; ')}`;
}

function sectionOf(path: Path): string {
  return formatPath(path.filter((segment) => typeof segment !== 'number'));
}

function visit(node: unknown, path: PropertyKey[], onKey: (path: Path) => void): void {
  if (Array.isArray(node)) {
    node.forEach((item, index) => visit(item, [...path, index], onKey));
    return;
  }
  if (node === null || typeof node !== 'object') return;
  for (const [key, child] of Object.entries(node)) {
    onKey([...path, key]);
    visit(child, [...path, key], onKey);
  }
}

function unsupportedValues(document: unknown, customProviders: readonly string[]): Array<{ section: string; key: string }> {
  const found: Array<{ section: string; key: string }> = [];
  const root = asRecord(document);
  // LibreChat re-reads the file on every access when cache is false; chatbox reads it once at start.
  if (root?.cache === false) found.push({ section: '', key: 'cache' });
  const socialLogins = asRecord(root?.registration)?.socialLogins;
  if (Array.isArray(socialLogins)) {
    const supported = new Set<string>(socialLoginProviders);
    for (const login of socialLogins) {
      if (typeof login === 'string' && !supported.has(login)) found.push({ section: 'registration.socialLogins', key: login });
    }
  }
  const custom = asRecord(asRecord(root?.endpoints))?.custom;
  if (Array.isArray(custom)) {
    const supported = new Set<string>(customProviders);
    for (const endpoint of custom) {
      const provider = asRecord(endpoint)?.provider;
      if (typeof provider === 'string' && !supported.has(provider)) found.push({ section: 'endpoints.custom.provider', key: provider });
    }
  }
  // Node 20 has no WebSocket client the MCP SDK could use: such a server stays unavailable.
  for (const server of Object.values(asRecord(root?.mcpServers) ?? {})) {
    const entry = asRecord(server);
    if (entry && mcpTransportOf(entry) === 'websocket') found.push({ section: 'mcpServers.type', key: 'websocket' });
  }
  return found;
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? Object.fromEntries(Object.entries(value)) : undefined;
}
