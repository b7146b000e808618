import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bearer, twoSignedInUsers, type SignedInUser } from '../../../testing/build-test-server.js';

let app: FastifyInstance;
let alice: SignedInUser;
let bob: SignedInUser;

beforeEach(async () => {
  ({ app, alice, bob } = await twoSignedInUsers());
});
afterEach(async () => {
  await app?.close();
});

const post = (url: string, payload: unknown, account = alice) => app.inject({ method: 'POST', url, payload: payload as object, headers: bearer(account) });
const list = async (account = alice) => (await app.inject({ method: 'GET', url: '/api/presets', headers: bearer(account) })).json();
const save = async (payload: Record<string, unknown>, account = alice) => (await post('/api/presets', payload, account)).json();
const defaults = (presets: Array<{ presetId: string; defaultPreset: boolean }>) => presets.filter((preset) => preset.defaultPreset).map((preset) => preset.presetId);

describe('POST /api/presets', () => {
  it('saves a preset with a minted id, answers it, and lists it', async () => {
    const response = await post('/api/presets', {
      title: ' Concise ', endpoint: 'openAI', model: 'gpt-4o', temperature: 0.3, top_p: 0.9, presence_penalty: -1.5,
      examples: [{ input: { content: 'hi' }, output: { content: 'hello' } }], imageDetail: 'high', tools: ['calculator'],
    });
    expect(response.statusCode).toBe(201);
    const preset = response.json();
    expect(preset).toMatchObject({ title: 'Concise', endpoint: 'openAI', temperature: 0.3, presence_penalty: -1.5, imageDetail: 'high', user: alice.userId, defaultPreset: false });
    // No order of its own: absent, never null (LibreChat's client rejects a null order).
    expect(preset).not.toHaveProperty('order');
    expect(preset.presetId).toMatch(/^[0-9a-f-]{36}$/);
    expect(preset.createdAt).toMatch(/^\d{4}-\d\d-\d\dT.*Z$/);
    expect(await list()).toEqual([preset]);
    expect(await list(bob)).toEqual([]);
  });

  it("keeps the keys of LibreChat's plugin objects in tools, stored but never sent (its client reads objects there)", async () => {
    const calculator = { name: 'Calculator', pluginKey: 'calculator', description: 'Math', icon: '/assets/tools/calculator.svg', authConfig: [] };
    const response = await post('/api/presets', { title: 'Tools', endpoint: 'gptPlugins', tools: [calculator, 'dalle'], agentOptions: { agent: 'classic', skipCompletion: false, model: 'gpt-4o', temperature: 0 } });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ endpoint: 'gptPlugins', agentOptions: { agent: 'classic', skipCompletion: false } });
    expect(response.json()).not.toHaveProperty('tools');
    expect((await app.store.presets.list(alice.userId))[0]?.tools).toEqual(['calculator', 'dalle']);
    const refused = await post('/api/presets', { title: 'Bad', endpoint: 'gptPlugins', tools: [{ name: 'no key' }] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('tools must be a list of plugin keys or plugins with a pluginKey');
  });

  it.each([
    ['presetId: null, as "Save As Preset" and import send it', { presetId: null }],
    ['no presetId', {}],
  ])('mints an id for %s, each time a new preset', async (_label, identity) => {
    // The body of LibreChat's cleanupPreset: explicit nulls for the cleared labels, endpointType when known.
    const body = { ...identity, title: 'New Preset', endpoint: 'openAI', endpointType: null, model: 'gpt-4o', chatGptLabel: null, promptPrefix: null, temperature: 0.7 };
    const first = await post('/api/presets', body);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ title: 'New Preset', endpoint: 'openAI', model: 'gpt-4o', temperature: 0.7, chatGptLabel: null, promptPrefix: null, user: alice.userId });
    expect(first.json().presetId).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.json()).not.toHaveProperty('endpointType');
    const second = await post('/api/presets', body);
    expect(second.json().presetId).not.toBe(first.json().presetId);
    expect(await list()).toHaveLength(2);
  });

  it('leaves out the nulls LibreChat\'s client rejects (endpointType, order, settings) and keeps the ones it accepts', async () => {
    const saved = await save({ title: 'Nulls', endpoint: 'openAI', endpointType: null, temperature: null, resendFiles: null, imageDetail: null, tools: null, order: null, modelLabel: null });
    for (const preset of [saved, ...(await list())]) {
      for (const field of ['endpointType', 'temperature', 'resendFiles', 'imageDetail', 'tools', 'order']) expect(preset).not.toHaveProperty(field);
      expect(preset).toMatchObject({ title: 'Nulls', endpoint: 'openAI', modelLabel: null, defaultPreset: false });
    }
  });

  it('updates by presetId, keeping what the body leaves out, and drops the client\'s user and unknown fields', async () => {
    const first = await save({ presetId: 'p1', title: 'One', model: 'gpt-4o', defaultPreset: true, order: 2 });
    expect(first.defaultPreset).toBe(true);
    const updated = await save({ presetId: 'p1', title: 'One, renamed', temperature: 1.5, user: bob.userId, _id: 'mongo', conversationId: 'c1' });
    expect(updated).toMatchObject({ presetId: 'p1', title: 'One, renamed', model: 'gpt-4o', temperature: 1.5, defaultPreset: true, order: 2, user: alice.userId });
    expect(updated).not.toHaveProperty('_id');
    expect(updated).not.toHaveProperty('conversationId');
    expect(await list()).toHaveLength(1);
  });

  it('keeps one default: saving another as default unsets the previous one', async () => {
    await save({ presetId: 'p1', title: 'One', defaultPreset: true });
    await save({ presetId: 'p2', title: 'Two', defaultPreset: true });
    expect(defaults(await list())).toEqual(['p2']);
  });

  it('gives another user\'s presetId to the caller as their own, leaving the owner\'s alone', async () => {
    await save({ presetId: 'shared-id', title: 'Alice\'s', model: 'gpt-4o' });
    const bobs = await save({ presetId: 'shared-id', title: 'Bob\'s' }, bob);
    expect(bobs.user).toBe(bob.userId);
    expect((await list())[0]).toMatchObject({ title: 'Alice\'s', model: 'gpt-4o' });
  });

  it.each([
    [{}, 'title is required'],
    [{ title: '   ' }, 'title is required'],
    [{ title: 'x'.repeat(201) }, 'title must be at most 200 characters'],
    [{ title: 'T', temperature: 2.5 }, 'temperature must be between 0 and 2'],
    [{ title: 'T', temperature: 'hot' }, 'temperature must be a number'],
    [{ title: 'T', top_p: 1.1 }, 'top_p must be between 0 and 1'],
    [{ title: 'T', topP: -0.1 }, 'topP must be between 0 and 1'],
    [{ title: 'T', frequency_penalty: -2.1 }, 'frequency_penalty must be between -2 and 2'],
    [{ title: 'T', presence_penalty: 3 }, 'presence_penalty must be between -2 and 2'],
    [{ title: 'T', topK: 41 }, 'topK must be between 1 and 40'],
    [{ title: 'T', topK: 0 }, 'topK must be between 1 and 40'],
    [{ title: 'T', topK: 2.5 }, 'topK must be a whole number'],
    [{ title: 'T', maxOutputTokens: 0 }, 'maxOutputTokens must be at least 1'],
    [{ title: 'T', imageDetail: 'ultra' }, 'imageDetail must be low, auto or high'],
    [{ title: 'T', examples: [{ input: { content: 'a' } }] }, 'examples need input.content and output.content strings'],
    [{ title: 'T', examples: 'nope' }, 'examples must be a list of {input, output} pairs'],
    [{ title: 'T', agentOptions: { agent: 'wild' } }, 'agentOptions.agent must be classic or functions'],
  ])('refuses %j with "%s"', async (payload, message) => {
    const response = await post('/api/presets', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'validation_error', message });
    expect(await list()).toEqual([]);
  });

  it('accepts the edges of every range and null for a cleared option', async () => {
    const response = await post('/api/presets', { title: 'Edges', temperature: 2, top_p: 0, topK: 40, frequency_penalty: -2, presence_penalty: 2, maxOutputTokens: 1, promptPrefix: null });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ temperature: 2, topK: 40, frequency_penalty: -2, promptPrefix: null });
  });
});

describe('POST /api/presets/import', () => {
  it('imports one preset or a list, each with a fresh id and never as the default', async () => {
    await save({ presetId: 'existing', title: 'Existing', defaultPreset: true });
    const single = await post('/api/presets/import', { presetId: 'existing', title: 'Imported one', model: 'claude-3', defaultPreset: true });
    expect(single.statusCode).toBe(201);
    const [imported] = single.json();
    expect(imported.presetId).not.toBe('existing');
    expect(imported).toMatchObject({ title: 'Imported one', model: 'claude-3', defaultPreset: false, user: alice.userId });

    const many = await post('/api/presets/import', [{ title: 'A', temperature: 0.1 }, { title: 'B', topK: 5 }]);
    expect(many.json().map((preset: { title: string }) => preset.title)).toEqual(['A', 'B']);
    const presets = await list();
    expect(presets).toHaveLength(4);
    expect(new Set(presets.map((preset: { presetId: string }) => preset.presetId)).size).toBe(4);
    expect(defaults(presets)).toEqual(['existing']);
    expect(presets.find((preset: { presetId: string }) => preset.presetId === 'existing').title).toBe('Existing');
  });

  it('refuses the whole import, naming the index, when one item is invalid', async () => {
    const response = await post('/api/presets/import', [{ title: 'Fine' }, { title: 'Fine too' }, { title: 'Bad', temperature: 9 }]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'validation_error', message: 'Preset at index 2: temperature must be between 0 and 2' });
    expect(await list()).toEqual([]);
  });

  it.each([
    [[], 'Expected at least one preset'],
    [Array.from({ length: 101 }, (_, index) => ({ title: `P${index}` })), 'At most 100 presets can be imported at once'],
    [[{ model: 'untitled' }], 'Preset at index 0: title is required'],
  ])('refuses %#: "%s"', async (payload, message) => {
    const response = await post('/api/presets/import', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('imports exactly 100', async () => {
    const response = await post('/api/presets/import', Array.from({ length: 100 }, (_, index) => ({ title: `P${index}` })));
    expect(response.statusCode).toBe(201);
    expect(await list()).toHaveLength(100);
  });
});

describe('POST /api/presets/default', () => {
  it('sets the one default and unsets it with null, answering the list', async () => {
    await save({ presetId: 'p1', title: 'One', defaultPreset: true });
    await save({ presetId: 'p2', title: 'Two' });
    const response = await post('/api/presets/default', { presetId: 'p2' });
    expect(response.statusCode).toBe(200);
    expect(defaults(response.json())).toEqual(['p2']);
    expect(defaults(await list())).toEqual(['p2']);
    expect(defaults((await post('/api/presets/default', { presetId: null })).json())).toEqual([]);
  });

  it('answers 404 for another user\'s preset and leaves their default as it was', async () => {
    await save({ presetId: 'alices', title: 'Alice\'s', defaultPreset: true });
    await save({ presetId: 'bobs', title: 'Bob\'s', defaultPreset: true }, bob);
    const response = await post('/api/presets/default', { presetId: 'alices' }, bob);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Preset not found');
    expect(defaults(await list())).toEqual(['alices']);
    expect(defaults(await list(bob))).toEqual(['bobs']);
  });

  it('needs presetId (null to unset)', async () => {
    const response = await post('/api/presets/default', {});
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('presetId is required (null unsets the default)');
  });
});

describe('POST /api/presets/delete', () => {
  it('deletes one preset (the whole preset object may be sent, as LibreChat\'s client does)', async () => {
    const keep = await save({ title: 'Keep' });
    const drop = await save({ title: 'Drop', model: 'gpt-4o' });
    const response = await post('/api/presets/delete', drop);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ deletedCount: 1 });
    expect((await list()).map((preset: { presetId: string }) => preset.presetId)).toEqual([keep.presetId]);
  });

  it.each([
    ['no body, as LibreChat\'s "clear all" sends it', undefined],
    ['{}', {}],
    ['{all: true}', { all: true }],
  ])('deletes every preset of the caller on %s, and only theirs', async (_label, payload) => {
    await save({ title: 'A' });
    await save({ title: 'B' });
    await save({ title: 'Bob' }, bob);
    const response = await app.inject({ method: 'POST', url: '/api/presets/delete', headers: bearer(alice), ...(payload ? { payload } : {}) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ deletedCount: 2 });
    expect(await list()).toEqual([]);
    expect(await list(bob)).toHaveLength(1);
  });

  it.each([
    [{ all: 'yes' }, 'all must be true'],
    [{ presetId: 'x', all: true }, 'give either presetId or all: true, not both'],
    [{ presetId: '' }, 'presetId must not be empty'],
  ])('refuses %j with "%s" and deletes nothing', async (payload, message) => {
    await save({ title: 'Safe' });
    const response = await post('/api/presets/delete', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await list()).toHaveLength(1);
  });

  it('answers 404 for another user\'s preset and deletes nothing', async () => {
    const alices = await save({ title: 'Alice\'s' });
    const response = await post('/api/presets/delete', { presetId: alices.presetId }, bob);
    expect(response.statusCode).toBe(404);
    expect(await list()).toHaveLength(1);
  });
});
