/**
 * The house rules for imports, as a pure function over (importing file, imported file) pairs of
 * repository-relative paths, so each rule can be shown failing on a made-up pair
 * (import-rules.test.ts) and the real tree checked against all of them (architecture.test.ts).
 */

/**
 * core's floors, top to bottom. A folder imports only folders on floors below its own; folders on
 * the same floor are siblings and do not import each other. A new folder under core/ must be added
 * here (the check names it), which is the moment to decide where it stands.
 */
export const coreFloors: readonly (readonly string[])[] = [
  // The composition root: builds the Fastify app, registers the services and the route list.
  ['server'],
  // HTTP: one folder per API area, validating input and answering with presenters' DTOs.
  ['routes'],
  // Assistants: their endpoint's settings and connection, tools, and (next) runs on the turn engine.
  // Conversation import and export: reads other apps' files into the store, using the turn engine's tree rules.
  ['assistants', 'portability'],
  // The turn engine: runs an ask against a configured endpoint and saves the result.
  ['chat'],
  // Conversation search (FTS5, Meilisearch, hydration), the configured endpoints (catalogue, credentials)
  // and the tools turns offer (catalogue, running one call).
  ['search', 'endpoints', 'tools'],
  // Store record → wire DTO mappers; the plugin registry and its logger; the code interpreter's Python sandbox.
  ['presenters', 'plugin-host', 'sandbox'],
  // Sessions and accounts; users' saved provider keys; outbound network guards; upload rules.
  ['auth', 'keys', 'net', 'files'],
  // Persistence: the Store and its SQLite and MongoDB backends; the state instances share (memory or Redis).
  ['store', 'coordination'],
  // The ground: the contracts plugins implement, the wire types the UI shares, the error base.
  ['plugin-api', 'protocol', 'errors'],
];

/** Tests and the test harness stand above the house: they may build whole servers from any floor. */
export function isTestCode(file: string): boolean {
  return /\.test\.tsx?$/.test(file) || file.startsWith('testing/') || file.startsWith('ui/src/test/') || file.startsWith('ui/e2e/');
}

/** The core folder a path lies in ('chat' for core/chat/run-turn.ts), or undefined outside core/. */
function coreFolder(file: string): string | undefined {
  const match = /^core\/([^/]+)\//.exec(file);
  return match?.[1];
}

function floorOf(folder: string): number {
  return coreFloors.findIndex((floor) => floor.includes(folder));
}

/** The feature a UI path lies in ('chat' for ui/src/features/chat/api/run-turn.ts). */
function uiFeature(file: string): string | undefined {
  return /^ui\/src\/features\/([^/]+)\//.exec(file)?.[1];
}

const under = (file: string, ...roots: string[]) => roots.some((root) => file.startsWith(`${root}/`));

/**
 * Why `from` must not import `to`, or undefined when the import is allowed. Both are paths relative
 * to the repository root with forward slashes; `to` is the imported module's resolved path.
 */
export function importViolation(from: string, to: string): string | undefined {
  const test = isTestCode(from);

  if (!test && under(to, 'testing')) return 'only tests and the test harness import testing/';

  if (under(from, 'core')) {
    if (under(to, 'plugins', 'ui', 'bin')) return 'core never imports plugins, ui or bin: plugins are handed to buildServer';
    const source = coreFolder(from);
    const target = coreFolder(to);
    if (source === undefined || target === undefined || source === target || test) return undefined;
    const sourceFloor = floorOf(source);
    const targetFloor = floorOf(target);
    if (sourceFloor === -1) return `core/${source} is on no floor: add it to coreFloors`;
    if (targetFloor === -1) return `core/${target} is on no floor: add it to coreFloors`;
    if (targetFloor === sourceFloor) return `core/${source} and core/${target} are siblings on one floor and must not import each other`;
    if (targetFloor < sourceFloor) return `core/${source} is below core/${target}: a lower floor never imports a higher one`;
    return undefined;
  }

  if (under(from, 'plugins')) {
    if (under(to, 'core') && !under(to, 'core/plugin-api')) return 'plugins import nothing of core but core/plugin-api';
    if (under(to, 'config', 'ui', 'bin')) return 'plugins import only core/plugin-api and other plugins';
    return undefined;
  }

  if (under(from, 'ui')) {
    if (under(to, 'core') && !under(to, 'core/protocol')) return 'the UI imports nothing of core but core/protocol';
    if (under(to, 'plugins', 'config', 'bin')) return 'the UI imports nothing of the server but core/protocol';
    const source = uiFeature(from);
    const target = uiFeature(to);
    if (source !== undefined && target !== undefined && source !== target) {
      return `ui feature ${source} imports feature ${target}: share it through ui/src/lib or ui/src/components`;
    }
    return undefined;
  }

  if (under(from, 'config') && !test) {
    if (!under(to, 'config') && !under(to, 'core/protocol')) return 'config sits below core: it imports only config/ and core/protocol';
  }

  return undefined;
}
