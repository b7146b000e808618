import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startMeiliDouble } from '../../testing/meili-double/index.js';
import { startMongoDouble } from '../../testing/mongo-double/index.js';
import { runCli } from '../../testing/run-cli.js';
import { expectStatus, keepAliveAgent, requestJson } from '../lib/http.js';
import { logIn, startBenchServer, unlimitedEnv } from '../lib/server.js';
import { seededDataDir } from './seed-cache.js';
import { plantedWords } from './seed-text.js';
import type { HistorySizes, SeededUser } from './seed.js';

/** What the history queries answer, reduced to what both backends must agree on. */
type Answers = Record<string, string>;

const MEILI_KEY = 'bench-master-key';

async function collectAnswers(url: string, users: SeededUser[]): Promise<Answers> {
  const agent = keepAliveAgent();
  const answers: Answers = {};
  for (const user of users) {
    const headers = { authorization: `Bearer ${await logIn(url, user.email, { agent })}` };
    const get = async (path: string) => expectStatus(await requestJson(url + path, { agent, headers }), 200, path).body;
    for (const pageNumber of [1, 2]) {
      const page = await get(`/api/convos?pageNumber=${pageNumber}`);
      answers[`${user.email} list page ${pageNumber}`] = page.conversations.map((conversation: { conversationId: string }) => conversation.conversationId).join(',');
    }
    const messages = await get(`/api/messages/${user.bigConversationId}`);
    answers[`${user.email} open`] = messages.map((message: { messageId: string }) => message.messageId).join(',');
    for (const { word } of Object.values(plantedWords)) {
      const found = await get(`/api/search?q=${word}&pageSize=100`);
      // Rankings differ between FTS5 and Meilisearch; which conversations match must not.
      answers[`${user.email} search ${word}`] = found.conversations.map((conversation: { conversationId: string }) => conversation.conversationId).sort().join(',');
    }
  }
  return answers;
}

/**
 * The history queries on the MongoDB and Meilisearch doubles (testing), for correctness only:
 * the small seeded data dir is copied with `chatbox migrate` (which also fills Meilisearch), served
 * with MONGO_URI and MEILI_HOST, and every answer compared with the SQLite server's on the same data.
 * Returns the differences; an empty list means both backends agree.
 */
export async function compareOnDoubles(sizes: HistorySizes): Promise<{ checked: number; differences: string[] }> {
  const seeded = await seededDataDir(sizes, (line) => console.log(`   ${line}`));
  const users = seeded.manifest.users.slice(0, 2);
  const sqliteServer = await startBenchServer({ dataDir: seeded.dataDir, env: unlimitedEnv });
  const reference = await collectAnswers(sqliteServer.url, users).finally(() => sqliteServer.stop());

  const mongo = await startMongoDouble();
  const meili = await startMeiliDouble({ masterKey: MEILI_KEY });
  const cwd = mkdtempSync(join(tmpdir(), 'chatbox-bench-doubles-'));
  try {
    const env = { MEILI_HOST: meili.url, MEILI_MASTER_KEY: MEILI_KEY };
    const copied = await runCli(['migrate', '--to', mongo.uri('bench'), '--from-data-dir', seeded.dataDir], { cwd, env });
    if (copied.code !== 0) throw new Error(`chatbox migrate failed (${copied.code}):\n${copied.stdout}\n${copied.stderr}`);
    const server = await startBenchServer({ dataDir: seeded.dataDir, env: { ...unlimitedEnv, ...env, MONGO_URI: mongo.uri('bench') } });
    const answers = await collectAnswers(server.url, users).finally(() => server.stop());
    const differences = Object.keys(reference)
      .filter((key) => answers[key] !== reference[key])
      .map((key) => `${key}: sqlite [${reference[key].slice(0, 120)}] vs mongo+meili [${(answers[key] ?? '').slice(0, 120)}]`);
    return { checked: Object.keys(reference).length, differences };
  } finally {
    await mongo.close();
    await meili.close();
    rmSync(cwd, { recursive: true, force: true });
  }
}
