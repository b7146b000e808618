import type { FastifyInstance } from 'fastify';

export interface RouteEntry {
  method: string;
  /** The path with its parameters, as registered: `/api/convos/:conversationId`. */
  url: string;
  /** The names of its path parameters. */
  params: string[];
}

// One line of printRoutes' tree: its depth in `│   ` or `    ` steps, a path segment, and its methods.
const treeLine = /^((?:│ {3}| {4})*)(?:├── |└── )(\S+)(?: \(([^)]*)\))?$/;

/**
 * Every route a ready server answers, for suites that must cover all of them (fuzzing, ownership)
 * without a hand-kept list that misses the next route added. Fastify has no route listing but its
 * printed tree, so this reads the tree. HEAD is left out: Fastify derives it from GET.
 */
export function listRoutes(app: FastifyInstance): RouteEntry[] {
  const routes: RouteEntry[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = treeLine.exec(line);
    if (!match) continue;
    const depth = match[1].length / 4;
    stack.length = depth;
    stack.push(match[2]);
    for (const method of (match[3] ?? '').split(', ').filter((each) => each && each !== 'HEAD')) {
      for (const url of spellings(stack.join(''))) routes.push({ method, url, params: [...url.matchAll(/:(\w+)/g)].map((param) => param[1]) });
    }
  }
  if (routes.length === 0) throw new Error(`no routes read from the printed tree:\n${app.printRoutes({ commonPrefix: false })}`);
  return routes;
}

/**
 * Routes that name the same path parameter differently (`POST /api/share/:conversationId`, `GET
 * /api/share/:shareId`) share one node, printed `:shareId|:conversationId` without saying which
 * method has which name: every spelling is listed for every method, so each name gets tried.
 */
function spellings(url: string): string[] {
  const alternatives = /:\w+(?:\|:\w+)+/.exec(url);
  if (!alternatives) return [url];
  const before = url.slice(0, alternatives.index);
  const after = url.slice(alternatives.index + alternatives[0].length);
  return alternatives[0].split('|').flatMap((name) => spellings(`${before}${name}${after}`));
}
