import { afterEach, describe, expect, it } from 'vitest';
import { clientUpload, multipartBody } from '../../../testing/multipart-body.js';
import { bearer, type SignedInUser } from '../../../testing/build-test-server.js';
import { startAssistantsServer, type AssistantsTestServer } from '../../../testing/assistants-test-server.js';

let server: AssistantsTestServer;
afterEach(async () => {
  await server?.close();
});

const create = (payload: unknown, account?: SignedInUser) => server.request('POST', '/api/assistants', payload, account);

async function uploadFile(account: SignedInUser): Promise<string> {
  const upload = await multipartBody(clientUpload({ content: 'knowledge', fileName: 'notes.txt', type: 'text/plain' }));
  const response = await server.app.inject({ method: 'POST', url: '/api/files', headers: { ...bearer(account), ...upload.headers }, payload: upload.payload });
  return response.json().file_id;
}

describe('POST /api/assistants and GET /api/assistants/:id', () => {
  it("creates an OpenAI v1 assistant owned by its author, tool names becoming their functions", async () => {
    server = await startAssistantsServer();
    const fileId = await uploadFile(server.alice);
    const before = Math.floor(Date.now() / 1000);
    const response = await create({
      name: 'Math tutor', description: 'Explains', instructions: 'Show your steps.', model: 'gpt-4o',
      tools: ['calculator', 'image_vision', 'no-such-tool', { type: 'code_interpreter' }, { type: 'retrieval' }, { type: 'code_interpreter' }],
      file_ids: [fileId], metadata: { author: 'someone-else', topic: 'math', avatar: 'http://evil.test/a.png', avatar_source: 'local' },
    });
    expect(response.statusCode).toBe(201);
    const assistant = response.json();
    expect(assistant).toEqual({
      id: expect.stringMatching(/^asst_[A-Za-z0-9]{24}$/), object: 'assistant', created_at: expect.any(Number),
      name: 'Math tutor', description: 'Explains', instructions: 'Show your steps.', model: 'gpt-4o',
      tools: [
        { type: 'function', function: { name: 'calculator', description: expect.any(String), parameters: expect.objectContaining({ type: 'object' }) } },
        { type: 'function', function: { name: 'image_vision', description: 'Get detailed text descriptions for all current image attachments.', parameters: { type: 'object', properties: {}, required: [] } } },
        { type: 'code_interpreter' },
        { type: 'retrieval' },
      ],
      file_ids: [fileId], metadata: { topic: 'math', author: server.alice.userId },
    });
    expect(assistant.created_at).toBeGreaterThanOrEqual(before);
    expect((await server.request('GET', `/api/assistants/${assistant.id}`)).json()).toEqual(assistant);
  });

  it('answers clear 400s for a bad body', async () => {
    server = await startAssistantsServer();
    const cases: Array<[unknown, RegExp]> = [
      [{ name: 'No model' }, /model is required/],
      [{ model: '  ' }, /model is required/],
      [{ model: 'gpt-4o', name: 'n'.repeat(257) }, /name must be at most 256 characters/],
      [{ model: 'gpt-4o', description: 'd'.repeat(513) }, /description must be at most 512 characters/],
      [{ model: 'gpt-4o', instructions: 'i'.repeat(32_769) }, /instructions must be at most 32768 characters/],
      [{ model: 'gpt-4o', tools: [{ type: 'browser' }] }, /each tool is a tool name or an object/],
      [{ model: 'gpt-4o', tools: [{ type: 'function', function: { name: 'has spaces' } }] }, /a function name is 1 to 64 letters, digits, _ or -/],
      [{ model: 'gpt-4o', tools: [{ type: 'function' }] }, /each tool is a tool name or an object/],
      [{ model: 'gpt-4o', tools: 'calculator' }, /tools must be a list/],
      [{ model: 'gpt-4o', file_ids: [42] }, /file_ids must be a list of file ids/],
      [{ model: 'gpt-4o', metadata: { nested: { no: true } } }, /metadata values must be strings/],
      [{ model: 'gpt-4o', file_ids: ['file-that-does-not-exist'] }, /file_ids: there is no file "file-that-does-not-exist" of yours/],
      [{ model: 'gpt-9' }, /The model "gpt-9" is not offered by the assistants endpoint/],
    ];
    for (const [payload, message] of cases) {
      const response = await create(payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(response.json().message).toMatch(message);
    }
    const malformed = await server.app.inject({ method: 'POST', url: '/api/assistants', headers: { ...bearer(server.alice), 'content-type': 'application/json' }, payload: '{not json' });
    expect(malformed.statusCode).toBe(400);
    expect((await create([{ model: 'gpt-4o' }])).statusCode).toBe(400);
    expect((await server.request('GET', '/api/assistants')).json().data).toEqual([]);
  });

  it("refuses another user's file as knowledge", async () => {
    server = await startAssistantsServer();
    const bobsFile = await uploadFile(server.bob);
    const response = await create({ model: 'gpt-4o', file_ids: [bobsFile] });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(`file_ids: there is no file "${bobsFile}" of yours`);
  });
});

describe('PATCH and DELETE /api/assistants/:id', () => {
  it('changes only the fields sent, keeps the author, and deletes with OpenAI’s deletion status', async () => {
    server = await startAssistantsServer();
    const created = (await create({ name: 'Draft', instructions: 'Old', model: 'gpt-4o', tools: [{ type: 'retrieval' }] })).json();
    const patched = await server.request('PATCH', `/api/assistants/${created.id}`, { name: 'Final', model: 'gpt-4o-mini', metadata: { author: 'mallory' } });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toEqual({ ...created, name: 'Final', model: 'gpt-4o-mini', metadata: { author: server.alice.userId } });
    const cleared = (await server.request('PATCH', `/api/assistants/${created.id}`, { instructions: null, tools: [] })).json();
    expect(cleared).toMatchObject({ name: 'Final', instructions: null, tools: [] });
    const badModel = await server.request('PATCH', `/api/assistants/${created.id}`, { model: 'gpt-9' });
    expect(badModel.statusCode).toBe(400);
    expect(badModel.json().message).toBe('The model "gpt-9" is not offered by the assistants endpoint');
    expect((await server.request('PATCH', `/api/assistants/${created.id}`, { name: 'x'.repeat(300) })).json().message).toBe('name must be at most 256 characters');

    const deleted = await server.request('DELETE', `/api/assistants/${created.id}?model=gpt-4o-mini`);
    expect(deleted.json()).toEqual({ id: created.id, object: 'assistant.deleted', deleted: true });
    expect((await server.request('GET', `/api/assistants/${created.id}`)).statusCode).toBe(404);
    expect((await server.request('DELETE', `/api/assistants/${created.id}`)).statusCode).toBe(404);
  });
});

describe("another user's assistant", () => {
  it('is a 404 on every route, and stays as it was', async () => {
    server = await startAssistantsServer();
    const alices = (await create({ name: 'Private', model: 'gpt-4o' })).json();
    const { bob } = server;
    const upload = await multipartBody([['file', { content: new Uint8Array([137, 80, 78, 71]), fileName: 'a.png', type: 'image/png' }]]);
    const attempts = [
      await server.request('GET', `/api/assistants/${alices.id}`, undefined, bob),
      await server.request('PATCH', `/api/assistants/${alices.id}`, { name: 'Bob was here' }, bob),
      await server.request('DELETE', `/api/assistants/${alices.id}?model=gpt-4o`, undefined, bob),
      await server.app.inject({ method: 'POST', url: `/api/assistants/avatar/${alices.id}?model=gpt-4o`, headers: { ...bearer(bob), ...upload.headers }, payload: upload.payload }),
    ];
    for (const response of attempts) {
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Assistant not found');
    }
    expect((await server.request('GET', '/api/assistants', undefined, bob)).json().data).toEqual([]);
    expect((await server.request('GET', `/api/assistants?after=${alices.id}`, undefined, bob)).statusCode).toBe(400);
    expect((await server.request('GET', '/api/assistants/documents', undefined, bob)).json()).toEqual([]);
    expect((await server.request('GET', `/api/assistants/${alices.id}`)).json()).toEqual(alices);
  });
});

describe('GET /api/assistants', () => {
  it("pages with OpenAI's order, limit, after and before", async () => {
    server = await startAssistantsServer();
    const ids: string[] = [];
    for (const name of ['one', 'two', 'three', 'four', 'five']) {
      ids.push((await create({ name, model: 'gpt-4o' })).json().id);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const list = async (query: string) => (await server.request('GET', `/api/assistants${query}`)).json();
    expect(await list('')).toEqual({ object: 'list', data: expect.any(Array), first_id: ids[4], last_id: ids[0], has_more: false });
    expect((await list('?order=desc&limit=100')).data.map((assistant: { name: string }) => assistant.name)).toEqual(['five', 'four', 'three', 'two', 'one']);
    expect(await list('?limit=2')).toMatchObject({ first_id: ids[4], last_id: ids[3], has_more: true });
    expect(await list(`?limit=2&after=${ids[3]}`)).toMatchObject({ first_id: ids[2], last_id: ids[1], has_more: true });
    expect(await list(`?limit=2&before=${ids[1]}`)).toMatchObject({ first_id: ids[3], last_id: ids[2], has_more: true });
    expect(await list(`?order=asc&limit=3&after=${ids[2]}`)).toMatchObject({ first_id: ids[3], last_id: ids[4], has_more: false });
    expect(await list(`?order=asc&limit=2&after=${ids[4]}`)).toEqual({ object: 'list', data: [], first_id: null, last_id: null, has_more: false });

    const bad: Array<[string, string]> = [
      ['?limit=0', 'limit must be a number from 1 to 100'],
      ['?limit=101', 'limit must be a number from 1 to 100'],
      ['?limit=ten', 'limit must be a number from 1 to 100'],
      ['?order=sideways', "order must be 'asc' or 'desc'"],
      [`?after=${ids[0]}&before=${ids[1]}`, 'set after or before, not both'],
      ['?after=asst_unknown', 'after: there is no assistant "asst_unknown" to page from'],
    ];
    for (const [query, message] of bad) {
      const response = await server.request('GET', `/api/assistants${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message).toBe(message);
    }
  });
});

describe('GET /api/assistants/documents and /tools', () => {
  it("lists the caller's assistant documents and LibreChat's tool list", async () => {
    server = await startAssistantsServer();
    const fileId = await uploadFile(server.alice);
    const assistant = (await create({ name: 'Docs', model: 'gpt-4o', file_ids: [fileId] })).json();
    const documents = await server.request('GET', '/api/assistants/documents');
    expect(documents.statusCode).toBe(200);
    expect(documents.json()).toEqual([{ user: server.alice.userId, assistant_id: assistant.id, file_ids: [fileId], createdAt: expect.any(String), updatedAt: expect.any(String) }]);

    const tools = (await server.request('GET', '/api/assistants/tools')).json();
    const plugins = (await server.request('GET', '/api/plugins')).json();
    expect(tools).toEqual(plugins);
    expect(tools.find((tool: { pluginKey: string }) => tool.pluginKey === 'calculator')).toMatchObject({ name: 'Calculator', authenticated: true });
    expect((await server.app.inject({ method: 'GET', url: '/api/assistants/tools' })).statusCode).toBe(401);
  });
});
