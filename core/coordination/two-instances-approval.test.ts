import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NO_PARENT } from '../chat/message-tree.js';
import { createStore } from '../store/create-store.js';
import { listenForTurns } from '../../testing/approval-turns.js';
import { buildChatTestServer, type ChatTestContext } from '../../testing/build-chat-test-server.js';
import type { RecordedRequest } from '../../testing/fake-upstreams/index.js';
import { hasRedisServer, startTestRedis, type TestRedis } from '../../testing/redis-server.js';
import { toolResultsIn } from '../../testing/tool-results-in.js';
import { writeYamlFile } from '../../testing/yaml-file.js';

/**
 * Two chatbox instances in one process, on one SQLite file and one real redis-server: a tool call
 * waiting for approval on one is answered through the other, as a load balancer would send it.
 */
describe.skipIf(!hasRedisServer)('tool approvals across two instances on one Redis (skipped: redis-server is not installed; apt-get install redis-server)', () => {
  let redis: TestRedis;
  let dataDir: string;
  let yaml: ReturnType<typeof writeYamlFile>;
  let first: ChatTestContext;
  let second: ChatTestContext;
  let onFirst: Awaited<ReturnType<typeof listenForTurns>>;
  let onSecond: Awaited<ReturnType<typeof listenForTurns>>;

  beforeAll(async () => {
    redis = await startTestRedis();
    dataDir = mkdtempSync(join(tmpdir(), 'chatbox-two-approvals-'));
    yaml = writeYamlFile('tools:\n  requiresApproval: [calculator]\n');
    const env = { REDIS_URI: redis.uri, REDIS_KEY_PREFIX: 'two-approvals:', JWT_SECRET: 'shared-jwt-secret', JWT_REFRESH_SECRET: 'shared-refresh-secret', CREDS_KEY: 'c'.repeat(64), TITLE_CONVO: 'false' };
    first = await buildChatTestServer({ env, configPath: yaml.path, store: await createStore({ dataDir }) });
    second = await buildChatTestServer({ env, configPath: yaml.path, store: await createStore({ dataDir }) });
    onFirst = await listenForTurns(first);
    onSecond = await listenForTurns(second);
  }, 120_000);

  afterAll(async () => {
    await first?.close();
    await second?.close();
    await redis?.close();
    yaml?.remove();
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  beforeEach(() => first.upstreams.reset());

  const offersTools = (request: RecordedRequest) => request.body?.tools !== undefined;
  /** The fake on the first instance asks for one calculator call, then answers with the result it got. */
  const scriptCalculator = (input: string) => {
    const asks = (request: RecordedRequest) => offersTools(request) && toolResultsIn(request.body).length === 0;
    first.upstreams.openai.control.configure({
      reply: (request) => (asks(request) ? '' : `Results: ${toolResultsIn(request.body).join(' | ')}`),
      toolCalls: (request) => (asks(request) ? [{ name: 'calculator', input: { input } }] : []),
    });
  };
  const turn = { text: 'Use your tools', conversationId: null, parentMessageId: NO_PARENT, model: 'gpt-4o-mini', endpoint: 'openAI', tools: ['calculator'] };

  it('an Allow sent to the other instance runs the tool on the instance that runs the turn; a second answer is told it came too late', async () => {
    scriptCalculator('6*7');
    const { final } = await onFirst.converse('openAI', turn, async (run) => {
      expect(first.app.chat.approvals.pending).toBe(1);
      const answered = await onSecond.answer(run.approval!.id, true, first.token);
      expect(answered.status).toBe(200);
      expect(await answered.json()).toEqual({ approvalId: run.approval!.id, status: 'allowed' });
      const again = await onSecond.answer(run.approval!.id, false, first.token);
      expect(again.status).toBe(409);
      expect(await again.json()).toMatchObject({ code: 'duplicate', message: expect.stringMatching(/already decided \(allowed\)/) });
    });
    expect(final.responseMessage.plugins).toEqual([expect.objectContaining({ latest: 'calculator', outputs: '42', approval: expect.objectContaining({ status: 'allowed' }) })]);
    expect(toolResultsIn(first.upstreams.openai.control.requests.at(-1)!.body)).toEqual([expect.stringContaining('42')]);
    expect(second.upstreams.openai.control.requests).toEqual([]);
  });

  it('a Deny sent to the other instance denies the call, and the model is told so', async () => {
    scriptCalculator('1+1');
    const { final } = await onFirst.converse('openAI', turn, async (run) => {
      const answered = await onSecond.answer(run.approval!.id, false, first.token);
      expect(answered.status).toBe(200);
      expect(await answered.json()).toEqual({ approvalId: run.approval!.id, status: 'denied' });
    });
    expect(final.responseMessage.plugins).toEqual([expect.objectContaining({ error: true, outputs: 'The user denied this call of calculator: it did not run.', approval: expect.objectContaining({ status: 'denied' }) })]);
    expect(toolResultsIn(first.upstreams.openai.control.requests.at(-1)!.body)).toEqual([expect.stringContaining('The user denied this call of calculator')]);
  });

  it("another user's answer on the other instance is refused as it is on the turn's own, and the call still waits", async () => {
    scriptCalculator('3*3');
    const { final } = await onFirst.converse('openAI', turn, async (run) => {
      // The second instance's own signed-in user: same store, another account.
      for (const instance of [onSecond, onFirst]) {
        const stolen = await instance.answer(run.approval!.id, true, second.token);
        expect(stolen.status).toBe(404);
        expect(await stolen.json()).toMatchObject({ message: 'No tool call of yours waits for approval under this approvalId' });
      }
      expect(first.app.chat.approvals.pending).toBe(1);
      expect((await onSecond.answer(run.approval!.id, true, first.token)).status).toBe(200);
    });
    expect(final.responseMessage.plugins).toEqual([expect.objectContaining({ outputs: '9', approval: expect.objectContaining({ status: 'allowed' }) })]);
    // An id no instance holds.
    expect((await onSecond.answer('no-such-approval', true, first.token)).status).toBe(404);
  });

  it('Redis down: an answer the instance cannot find locally is a 503 coordination_unavailable, not a 404', async () => {
    await redis.stop();
    try {
      await expect.poll(async () => (await onSecond.answer('held-elsewhere', true, first.token)).status, { timeout: 5_000, interval: 50 }).toBe(503);
      const refused = await onSecond.answer('held-elsewhere', true, first.token);
      expect(await refused.json()).toMatchObject({ code: 'coordination_unavailable', message: expect.stringContaining('Redis') });
    } finally {
      await redis.restart();
    }
  });
});
