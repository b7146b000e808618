import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfigError } from '../../../config/config-error.js';
import { ChatboxError } from '../../errors/index.js';
import { createSqliteStore, type SqliteStore } from '../../store/sqlite/index.js';
import type { User } from '../../store/repositories/users.js';
import { startMeiliDouble, type MeiliDouble } from '../../../testing/meili-double/index.js';
import { createSearchIndex } from '../create-search-index.js';
import { createTestUser, seedConversations } from '../contract/search-fixtures.js';
import type { SearchIndex } from '../types.js';
import { createMeiliSearchIndex, type MeiliSearchOptions } from './index.js';

const logger = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() };
const page = { pageNumber: 1, pageSize: 25 };

let double: MeiliDouble;
let store: SqliteStore;
let user: User;
const running: SearchIndex[] = [];

async function setup(): Promise<void> {
  double = await startMeiliDouble();
  store = createSqliteStore({ filename: ':memory:' });
  user = await createTestUser(store, 'ada');
}

function meili(options: Partial<MeiliSearchOptions> = {}): SearchIndex {
  const search = createMeiliSearchIndex({ host: double.url, apiKey: double.masterKey!, pollIntervalMs: 60_000, backoff: { baseMs: 10, maxMs: 100 }, ...options }, store, logger);
  running.push(search);
  return search;
}

const documents = (index: string) => [...(double.engine.indexes.get(index)?.documents.values() ?? [])];
const fetchRequests = (index: string) => double.requests.filter((request) => request === `POST /indexes/${index}/documents/fetch`).length;

afterEach(async () => {
  for (const search of running.splice(0)) await search.stop();
  await store?.close();
  await double?.close();
  vi.clearAllMocks();
});

describe('meilisearch drift check', () => {
  it('sends at start, batch by batch, what was written while the outbox was off', async () => {
    await setup();
    const seeded = await seedConversations(store, user, Array.from({ length: 12 }, (_, index) => ({ title: `Chat ${index}`, messages: Array.from({ length: 10 }, () => `note ${index}`) })));
    expect(await store.searchOutbox.count()).toBe(0);
    const search = meili({ batchSize: 50 });
    await search.start();
    await search.flush();
    expect(documents('messages')).toHaveLength(120);
    expect(documents('convos')).toHaveLength(12);
    expect(fetchRequests('messages')).toBe(3);
    expect(documents('messages')[0]).toMatchObject({ user: user.id, conversationId: seeded[0].conversationId, text: 'note 0', sender: 'User' });
    expect(logger.info).toHaveBeenCalledWith('Meilisearch drift check re-sent documents', { index: 'messages', resent: 120 });
  });

  it('re-sends only missing and stale documents on the next start', async () => {
    await setup();
    const [conversation] = await seedConversations(store, user, [{ messages: ['first', 'second', 'third'] }]);
    const first = meili();
    await first.start();
    await first.flush();
    await first.stop();
    const messages = double.engine.indexes.get('messages')!.documents;
    messages.delete(conversation.messageIds[0]);
    messages.set(conversation.messageIds[1], { ...messages.get(conversation.messageIds[1])!, text: 'stale', updatedAt: 1 });
    const tasksBefore = double.engine.tasks.length;

    const second = meili();
    await second.start();
    await second.flush();
    expect(messages.get(conversation.messageIds[0])).toMatchObject({ text: 'first' });
    expect(messages.get(conversation.messageIds[1])).toMatchObject({ text: 'second' });
    const added = double.engine.tasks.slice(tasksBefore).filter((task) => task.type === 'documentAdditionOrUpdate');
    expect(added.map((task) => task.details.receivedDocuments)).toEqual([2]);
  });
});

describe('meilisearch outbox worker', () => {
  it('keeps changes in the outbox while Meilisearch is down, answers searches with a 503, and catches up', async () => {
    await setup();
    const search = meili();
    await search.start();
    await search.flush();
    await double.stop();

    await seedConversations(store, user, [{ messages: ['written during the outage: gazpacho'] }]);
    await expect(search.flush()).rejects.toThrow();
    const waiting = store.database.prepare('SELECT attempts, last_error AS lastError FROM search_outbox').all() as Array<{ attempts: number; lastError: string }>;
    expect(waiting).toHaveLength(2);
    expect(waiting.every((entry) => entry.attempts === 1 && entry.lastError.length > 0)).toBe(true);
    const failure = await search.search(user.id, 'gazpacho', page).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ChatboxError);
    expect(failure).toMatchObject({ code: 'search_unavailable', status: 503, message: expect.stringContaining('Meilisearch cannot be reached') });
    expect(await search.isEnabled()).toBe(false);

    await double.start();
    await search.flush();
    expect(await store.searchOutbox.count()).toBe(0);
    expect((await search.search(user.id, 'gazpacho', page)).total).toBe(1);
  });

  it('treats a server answering 503 as unavailable too', async () => {
    await setup();
    const search = meili({ healthCacheMs: 0 });
    await search.start();
    await search.flush();
    double.setUnavailable(true);
    await expect(search.search(user.id, 'anything', page)).rejects.toMatchObject({ code: 'search_unavailable' });
    expect(await search.isEnabled()).toBe(false);
    double.setUnavailable(false);
    expect(await search.isEnabled()).toBe(true);
  });

  it('sends a write soon after a wake, without waiting for the poll', async () => {
    await setup();
    const search = meili();
    await search.start();
    await search.flush();
    await seedConversations(store, user, [{ messages: ['woken'] }]);
    search.wake();
    await vi.waitFor(() => expect(documents('messages').map((document) => document.text)).toEqual(['woken']), { timeout: 3_000, interval: 20 });
  });

  it("applies bulk entries (a driver's conversation and user deletes) to that user's documents only", async () => {
    await setup();
    const other = await createTestUser(store, 'bob');
    const [, dropped] = await seedConversations(store, user, [{ messages: ['keep me'] }, { messages: ['drop me', 'me too'] }]);
    await seedConversations(store, other, [{ messages: ['bob stays'] }]);
    const search = meili();
    await search.start();
    await search.flush();
    // What a driver without per-row triggers records: the rows are still in SQLite, so only the filter can remove them.
    await store.searchOutbox.append([
      { index: 'messages', kind: 'conversation', userId: user.id, documentId: dropped.conversationId },
      { index: 'convos', kind: 'user', userId: user.id, documentId: user.id },
    ]);
    await search.flush();
    expect(documents('messages').map((document) => document.text).sort()).toEqual(['bob stays', 'keep me']);
    expect(documents('convos').map((document) => document.user)).toEqual([other.id]);
  });

  it('indexes records whose ids Meilisearch would refuse, and finds them by their real ids', async () => {
    await setup();
    const [odd] = await seedConversations(store, user, [{ conversationId: 'imported|bing conv/1', title: 'Imported', messages: ['kumquat jam'] }]);
    const search = meili();
    await search.start();
    await search.flush();
    expect(documents('convos')[0].conversationId).toMatch(/^b64_/);
    const result = await search.search(user.id, 'kumquat', page);
    expect(result.conversations).toEqual([{ conversationId: 'imported|bing conv/1', messages: [{ messageId: odd.messageIds[0], highlightedText: '**kumquat** jam' }] }]);
    expect((await search.search(user.id, 'imported', page)).conversations[0].conversationId).toBe('imported|bing conv/1');
  });

  it('applies the index settings once: user filterable, relevance then recency', async () => {
    await setup();
    const search = meili({ indexPrefix: 'app-' });
    await search.start();
    await search.flush();
    const messages = double.engine.indexes.get('app-messages')!;
    expect(messages.primaryKey).toBe('messageId');
    expect(messages.settings).toMatchObject({ filterableAttributes: ['user', 'conversationId', 'messageId'], searchableAttributes: ['text'], sortableAttributes: ['updatedAt'] });
    expect((messages.settings.rankingRules as string[]).at(-1)).toBe('updatedAt:desc');
    expect(double.engine.indexes.get('app-convos')!.primaryKey).toBe('conversationId');
    const settingsTasks = double.engine.tasks.filter((task) => task.type === 'settingsUpdate').length;
    const again = meili({ indexPrefix: 'app-' });
    await again.start();
    await again.flush();
    expect(double.engine.tasks.filter((task) => task.type === 'settingsUpdate')).toHaveLength(settingsTasks);
  });
});

describe('createSearchIndex', () => {
  it('picks FTS5, Meilisearch or none from the configuration and refuses half a Meilisearch setup', async () => {
    await setup();
    const env = (values: Record<string, unknown>) => ({ env: { SEARCH: true, ...values } as never });
    expect(createSearchIndex({ config: env({}), store, logger }).backend).toBe('sqlite');
    expect(createSearchIndex({ config: env({ SEARCH: false, MEILI_HOST: double.url, MEILI_MASTER_KEY: 'k' }), store, logger }).backend).toBe('none');
    expect(createSearchIndex({ config: env({ MEILI_HOST: double.url, MEILI_MASTER_KEY: 'k' }), store, logger }).backend).toBe('meilisearch');
    expect(() => createSearchIndex({ config: env({ MEILI_HOST: double.url }), store, logger })).toThrow(ConfigError);
    expect(() => createSearchIndex({ config: env({ MEILI_MASTER_KEY: 'k' }), store, logger })).toThrow(/MEILI_HOST is required/);
  });
});
