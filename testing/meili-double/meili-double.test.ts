import { MeilisearchApiError, MeilisearchRequestError, Meilisearch } from 'meilisearch';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startMeiliDouble, type MeiliDouble } from './index.js';

let double: MeiliDouble;
let client: Meilisearch;

beforeEach(async () => {
  double = await startMeiliDouble({ masterKey: 'secret-key' });
  client = new Meilisearch({ host: double.url, apiKey: 'secret-key' });
});
afterEach(async () => double.close());

const books = [
  { id: 'b1', title: 'The Hobbit', author: 'Tolkien', genre: 'fantasy', year: 1937, tags: ['dragons', 'classic'] },
  { id: 'b2', title: 'Hello World in Rust', author: 'Ferris', genre: 'programming', year: 2021, tags: [] },
  { id: 'b3', title: 'A Hello from the Café', author: 'Amélie', genre: 'fiction', year: 2001, tags: ['paris'] },
  { id: 'b4', title: 'Dragon Keeper', author: 'Tolkien', genre: 'fantasy', year: 1999, tags: ['dragons'] },
];

async function seedBooks() {
  await client.createIndex('books', { primaryKey: 'id' }).waitTask();
  const index = client.index('books');
  await index.updateSettings({ filterableAttributes: ['genre', 'author', 'year', 'id'], sortableAttributes: ['year'], searchableAttributes: ['title', 'author'] }).waitTask();
  await index.addDocuments(books).waitTask();
  return index;
}

describe('meili double: server, auth and tasks', () => {
  it('answers health without a key, and version, indexes and tasks with one', async () => {
    expect(await new Meilisearch({ host: double.url }).health()).toEqual({ status: 'available' });
    expect((await client.getVersion()).pkgVersion).toMatch(/^1\./);
    await expect(new Meilisearch({ host: double.url }).getIndexes()).rejects.toMatchObject({ cause: { code: 'missing_authorization_header' } });
    await expect(new Meilisearch({ host: double.url, apiKey: 'wrong' }).getIndexes()).rejects.toMatchObject({ cause: { code: 'invalid_api_key' } });
  });

  it('creates, reads, lists and deletes indexes through tasks that finish in order', async () => {
    const created = await client.createIndex('movies', { primaryKey: 'movieId' }).waitTask();
    expect(created).toMatchObject({ status: 'succeeded', type: 'indexCreation', indexUid: 'movies' });
    expect(await client.getRawIndex('movies')).toMatchObject({ uid: 'movies', primaryKey: 'movieId' });
    const again = await client.createIndex('movies').waitTask();
    expect(again).toMatchObject({ status: 'failed', error: { code: 'index_already_exists' } });
    expect((await client.getRawIndexes()).results.map((index) => index.uid)).toEqual(['movies']);
    expect((await client.tasks.getTask(created.uid)).status).toBe('succeeded');
    expect((await client.tasks.getTasks({ statuses: ['failed'] })).results).toHaveLength(1);
    await client.deleteIndex('movies').waitTask();
    await expect(client.getRawIndex('movies')).rejects.toMatchObject({ cause: { code: 'index_not_found' } });
  });

  it('updates and reads settings, merging nested objects', async () => {
    await client.createIndex('books', { primaryKey: 'id' }).waitTask();
    const index = client.index('books');
    await index.updateSettings({ filterableAttributes: ['user'], rankingRules: ['words', 'updatedAt:desc'], typoTolerance: { minWordSizeForTypos: { oneTypo: 4 } } }).waitTask();
    await index.updateSortableAttributes(['updatedAt']).waitTask();
    const settings = await index.getSettings();
    expect(settings).toMatchObject({ filterableAttributes: ['user'], sortableAttributes: ['updatedAt'], rankingRules: ['words', 'updatedAt:desc'] });
    expect(settings.typoTolerance).toMatchObject({ enabled: true, minWordSizeForTypos: { oneTypo: 4 } });
    expect(await index.getFilterableAttributes()).toEqual(['user']);
  });

  it('refuses connections after stop(), answers 503 while unavailable, and keeps its data across a restart', async () => {
    const index = await seedBooks();
    await double.stop();
    await expect(client.health()).rejects.toBeInstanceOf(MeilisearchRequestError);
    await double.start();
    expect((await index.getDocuments()).total).toBe(4);
    double.setUnavailable(true);
    const failure = await index.search('hobbit').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(MeilisearchApiError);
    expect((failure as MeilisearchApiError).response.status).toBe(503);
    double.setUnavailable(false);
    expect((await index.search('hobbit')).hits).toHaveLength(1);
  });
});

describe('meili double: documents', () => {
  it('adds, replaces, merges, fetches and deletes documents by id, batch, filter and all', async () => {
    const index = await seedBooks();
    expect(await index.getDocument('b1', { fields: ['title'] })).toMatchObject({ title: 'The Hobbit' });
    await index.addDocuments([{ id: 'b1', title: 'The Hobbit, revised' }]).waitTask();
    expect(await index.getDocument('b1')).toEqual({ id: 'b1', title: 'The Hobbit, revised' });
    await index.updateDocuments([{ id: 'b2', year: 2022 }]).waitTask();
    expect(await index.getDocument('b2')).toMatchObject({ title: 'Hello World in Rust', year: 2022 });

    const page = await index.getDocuments({ limit: 2, offset: 1, fields: ['id'] });
    expect(page).toMatchObject({ results: [{ id: 'b2' }, { id: 'b3' }], total: 4, limit: 2, offset: 1 });
    const filtered = await index.getDocuments({ filter: 'id IN [b3, "b4"]', fields: ['id', 'year'] });
    expect(filtered.results).toEqual([{ id: 'b3', year: 2001 }, { id: 'b4', year: 1999 }]);

    await index.deleteDocument('b1').waitTask();
    await index.deleteDocuments(['b2']).waitTask();
    const byFilter = await index.deleteDocuments({ filter: 'author = "Amélie"' }).waitTask();
    expect(byFilter.details?.deletedDocuments).toBe(1);
    expect((await index.getDocuments()).results.map((book) => book.id)).toEqual(['b4']);
    await index.deleteAllDocuments().waitTask();
    expect((await index.getStats()).numberOfDocuments).toBe(0);
  });

  it('fails the whole task on an invalid document id and changes nothing', async () => {
    const index = await seedBooks();
    const task = await index.addDocuments([{ id: 'ok-id', title: 'x' }, { id: 'bad id|pipe', title: 'y' }]).waitTask();
    expect(task).toMatchObject({ status: 'failed', error: { code: 'invalid_document_id' } });
    expect((await index.getDocuments()).total).toBe(4);
  });

  it('creates a missing index when documents arrive, taking the primary key from the request', async () => {
    await client.index('auto').addDocuments([{ ref: 'r1', name: 'one' }], { primaryKey: 'ref' }).waitTask();
    expect(await client.getRawIndex('auto')).toMatchObject({ primaryKey: 'ref' });
  });
});

describe('meili double: search', () => {
  it('matches the last word as a prefix, folds case and accents, and tolerates a typo in long words', async () => {
    const index = await seedBooks();
    expect((await index.search('hel')).hits.map((hit) => hit.id)).toEqual(['b2', 'b3']);
    expect((await index.search('hel ')).hits).toEqual([]);
    expect((await index.search('CAFE')).hits.map((hit) => hit.id)).toEqual(['b3']);
    expect((await index.search('hobbbit')).hits.map((hit) => hit.id)).toEqual(['b1']);
    expect((await index.search('hobit')).hits.map((hit) => hit.id)).toEqual(['b1']);
    expect((await index.search('drgn')).hits).toEqual([]);
  });

  it('filters with =, AND, OR, IN, NOT, ranges and the array form, and refuses unfilterable attributes', async () => {
    const index = await seedBooks();
    const ids = async (filter: string | Array<string | string[]>) => (await index.search('', { filter })).hits.map((hit) => hit.id);
    expect(await ids('author = "Tolkien"')).toEqual(['b1', 'b4']);
    expect(await ids('author = Tolkien AND year > 1950')).toEqual(['b4']);
    expect(await ids('genre = programming OR genre = fiction')).toEqual(['b2', 'b3']);
    expect(await ids('id IN ["b1", "b3"] AND NOT genre = fiction')).toEqual(['b1']);
    expect(await ids('year 1990 TO 2005')).toEqual(['b3', 'b4']);
    expect(await ids(['genre = fantasy', ['year = 1937', 'year = 2021']])).toEqual(['b1']);
    expect(await ids('author = "O\\"Brien"')).toEqual([]);
    await expect(index.search('', { filter: 'title = x' })).rejects.toMatchObject({ cause: { code: 'invalid_search_filter' } });
    await expect(index.search('', { filter: 'genre = (' })).rejects.toMatchObject({ cause: { code: 'invalid_search_filter' } });
  });

  it('highlights matched words with the given tags, retrieves chosen attributes and reports ranking scores', async () => {
    const index = await seedBooks();
    const { hits } = await index.search('hello caf', {
      matchingStrategy: 'all',
      attributesToRetrieve: ['id'],
      attributesToHighlight: ['title'],
      highlightPreTag: '**',
      highlightPostTag: '**',
      showRankingScore: true,
    });
    expect(hits).toHaveLength(1);
    expect(hits[0]).toMatchObject({ id: 'b3', _formatted: { title: 'A **Hello** from the **Café**' } });
    expect(hits[0].title).toBeUndefined();
    expect(hits[0]._rankingScore).toBeGreaterThan(0);
    expect(hits[0]._rankingScore).toBeLessThanOrEqual(1);
  });

  it('ranks by relevance with matchingStrategy last, needs every word with all, and sorts and pages', async () => {
    const index = await seedBooks();
    expect((await index.search('dragon keeper')).hits.map((hit) => hit.id)).toEqual(['b4']);
    expect((await index.search('hello nothing')).hits.map((hit) => hit.id)).toEqual(['b2', 'b3']);
    expect((await index.search('hello nothing', { matchingStrategy: 'all' })).hits).toEqual([]);
    const sorted = await index.search('', { sort: ['year:desc'], limit: 2, offset: 1 });
    expect(sorted).toMatchObject({ limit: 2, offset: 1, estimatedTotalHits: 4 });
    expect(sorted.hits.map((hit) => hit.id)).toEqual(['b3', 'b4']);
    const paged = await index.search('', { hitsPerPage: 3, page: 2 });
    expect(paged).toMatchObject({ page: 2, hitsPerPage: 3, totalHits: 4, totalPages: 2 });
    expect(paged.hits.map((hit) => hit.id)).toEqual(['b4']);
    await expect(index.search('', { sort: ['title:asc'] })).rejects.toMatchObject({ cause: { code: 'invalid_search_sort' } });
  });

  it('breaks relevance ties with a custom ranking rule', async () => {
    const index = await seedBooks();
    await index.updateRankingRules(['words', 'typo', 'proximity', 'attribute', 'sort', 'exactness', 'year:desc']).waitTask();
    expect((await index.search('tolkien')).hits.map((hit) => hit.id)).toEqual(['b4', 'b1']);
  });

  it('answers multi-search per query', async () => {
    await seedBooks();
    const { results } = await client.multiSearch({ queries: [{ indexUid: 'books', q: 'hobbit' }, { indexUid: 'books', q: 'rust' }] });
    expect(results.map((result) => result.hits.map((hit) => hit.id))).toEqual([['b1'], ['b2']]);
  });
});
