import { expectStatus, keepAliveAgent, requestJson } from '../lib/http.js';
import { figure, newResult, type BenchResult } from '../lib/report.js';
import { logIn, startBenchServer, unlimitedEnv } from '../lib/server.js';
import { summarize } from '../lib/stats.js';
import { compareOnDoubles } from './doubles-check.js';
import { seededDataDir } from './seed-cache.js';
import type { HistorySizes, SeededUser } from './seed.js';
import { everywhereWord, plantedWords } from './seed-text.js';

export interface HistoryBenchOptions {
  sizes: HistorySizes;
  /** Timed requests per query kind. */
  samples: number;
  /** Users the requests rotate over (each signs in once). */
  signedInUsers: number;
  /** A small history for the MongoDB + Meilisearch doubles: correctness only, never timed. */
  doublesSizes: HistorySizes;
}

interface Query {
  name: string;
  target?: number;
  path: (user: SeededUser, index: number) => string;
  /** Throws when the answer is wrong: a fast wrong answer is no figure. */
  check: (body: any, user: SeededUser) => void;
}

/**
 * Conversation list, a 1,000-message conversation and search, through the real server on a data dir
 * seeded with the sizes given (100 users, 100,000 conversations, 1,000,000 messages in a full run).
 */
export async function historyBench(options: HistoryBenchOptions): Promise<BenchResult> {
  const result = newResult('history');
  const { sizes } = options;
  const seeded = await seededDataDir(sizes, (line) => console.log(`   ${line}`));
  const { manifest } = seeded;
  result.notes.push(
    `${manifest.users.length} users, ${manifest.conversations} conversations, ${manifest.messages} messages; ` +
      (seeded.seededNow ? `seeded in ${(manifest.seedMs / 1000).toFixed(1)} s` : `seeded data dir from bench/.cache (seeding took ${(manifest.seedMs / 1000).toFixed(1)} s)`),
  );
  const server = await startBenchServer({ dataDir: seeded.dataDir, env: unlimitedEnv });
  try {
    const agent = keepAliveAgent();
    const step = Math.max(1, Math.floor(manifest.users.length / options.signedInUsers));
    const users = manifest.users.filter((_, index) => index % step === 0).slice(0, options.signedInUsers);
    const tokens = new Map<string, string>();
    for (const user of users) tokens.set(user.id, await logIn(server.url, user.email, { agent }));

    const pages = Math.ceil(sizes.conversationsPerUser / 25);
    const enable = await requestJson(`${server.url}/api/search/enable`, { agent, headers: { authorization: `Bearer ${tokens.get(users[0].id)}` } });
    const queries: Query[] = [
      {
        name: 'conversation list page', target: 20,
        path: (_, index) => `/api/convos?pageNumber=${1 + ((index * 7) % pages)}`,
        check: (body) => {
          if (body.conversations?.length !== 25 || body.pages !== pages) throw new Error(`list page: ${body.conversations?.length} conversations, ${body.pages} pages`);
        },
      },
      {
        name: `open a ${sizes.bigConversationMessages}-message conversation`, target: 50,
        path: (user) => `/api/messages/${user.bigConversationId}`,
        check: (body) => {
          if (body.length !== sizes.bigConversationMessages) throw new Error(`open: ${body.length} messages`);
        },
      },
    ];
    if (enable.status === 404) {
      result.notes.push('search not measured: this build has no /api/search route');
    } else if (enable.body === true) {
      const search = (label: string, word: string, target?: number): Query => ({
        name: `search a ${label} word ("${word}")`, target,
        path: () => `/api/search?q=${encodeURIComponent(word)}`,
        check: (body) => {
          if (!Array.isArray(body.conversations) || !Array.isArray(body.messages)) throw new Error(`search ${word}: ${JSON.stringify(body).slice(0, 200)}`);
        },
      });
      queries.push(search('rare', plantedWords.rare.word, 50), search('common', plantedWords.common.word, 50), search('ubiquitous', everywhereWord));
    } else {
      result.errors.push(`GET /api/search/enable answered ${enable.status} ${JSON.stringify(enable.body)}: search is off on this server`);
    }

    for (const query of queries) {
      const timings: number[] = [];
      let bytes = 0;
      let hits = 0;
      // The first rounds warm SQLite's page cache and the JIT; a live server is warm too.
      for (let index = -5; index < options.samples; index += 1) {
        const user = users[(index + users.length * 5) % users.length];
        const answer = expectStatus(await requestJson(server.url + query.path(user, index + 5), { agent, headers: { authorization: `Bearer ${tokens.get(user.id)}` } }), 200, query.name);
        query.check(answer.body, user);
        if (index < 0) continue;
        timings.push(answer.ms);
        bytes += answer.bytes;
        hits += answer.body.messages?.length ?? 0;
      }
      const summary = summarize(timings);
      result.figures.push(figure(`${query.name} p50`, summary.p50, 'ms'), figure(`${query.name} p95`, summary.p95, 'ms', query.target));
      const extra = query.name.startsWith('search') ? `, ${(hits / timings.length).toFixed(1)} messages per answer` : '';
      result.notes.push(`${query.name}: ${timings.length} requests, ${Math.round(bytes / timings.length / 1024)} KB per answer${extra}`);
    }
    for (const line of server.errorLines().slice(0, 5)) result.errors.push(`server logged: ${line}`);
    result.notes.push(`requests one at a time over ${users.length} signed-in users, keep-alive, timed from request to last body byte; 5 warm-up requests per kind`);
  } finally {
    await server.stop();
  }
  const doubles = await compareOnDoubles(options.doublesSizes);
  result.figures.push(figure(`answers differing from SQLite on the MongoDB + Meilisearch doubles (of ${doubles.checked})`, doubles.differences.length, 'answers', 0));
  for (const difference of doubles.differences.slice(0, 5)) result.errors.push(`doubles: ${difference}`);
  result.notes.push(
    `doubles: the ${options.doublesSizes.users}-user history copied with chatbox migrate into testing's MongoDB double (Meilisearch double filled by the same command), served with MONGO_URI and MEILI_HOST; list pages, the long conversation and the set of conversations each search finds compared with SQLite's answers (correctness only, not timed)`,
  );
  return result;
}
