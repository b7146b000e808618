import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContractReport } from './contract-report.js';
import { startContractServer, type ContractServer } from './contract-server.js';
import { presetListSchema, presetSchema } from './schemas/preset.js';

/**
 * LibreChat v0.7.1's client contract for presets (§2.2, §3.2): "Save As Preset" and import send
 * `presetId: null` with explicit nulls for cleared labels, pin/unpin echo the stored preset, one
 * delete sends the whole preset and "clear all" sends no body at all.
 */
let contract: ContractServer;

beforeAll(async () => {
  contract = await startContractServer();
});
afterAll(() => contract?.close());

/** What the client's cleanupPreset produces for a new or imported preset of each kind of endpoint. */
const newPresets = [
  { presetId: null, endpoint: 'openAI', title: 'New Preset', model: 'gpt-4o-mini', chatGptLabel: null, promptPrefix: null, temperature: 0.7, top_p: 1, presence_penalty: 0, frequency_penalty: 0, resendFiles: true, imageDetail: 'auto' },
  { presetId: null, endpoint: 'anthropic', title: 'Imported Claude', model: 'claude-3-5-haiku-latest', modelLabel: null, promptPrefix: null, temperature: 1, maxOutputTokens: 4000, topP: 0.7, topK: 5, resendFiles: true },
  { presetId: null, endpoint: 'google', title: 'Gemini', model: 'gemini-2.0-flash', modelLabel: null, promptPrefix: null, examples: [{ input: { content: '' }, output: { content: '' } }], temperature: 0.2, topP: 0.8, topK: 40, maxOutputTokens: 8192 },
  { presetId: null, endpoint: 'Fake Ollama', endpointType: 'custom', title: 'Local', model: 'llama3.1', chatGptLabel: null, promptPrefix: null, temperature: 1 },
  // gptPlugins adds whole plugin objects in tools, and agentOptions.
  {
    presetId: null, endpoint: 'gptPlugins', title: 'With tools', model: 'gpt-4o-mini', chatGptLabel: null, promptPrefix: null, temperature: 0.8, top_p: 1, presence_penalty: 0, frequency_penalty: 0,
    tools: [{ name: 'Calculator', pluginKey: 'calculator', description: 'Math', icon: '/assets/tools/calculator.svg', authConfig: [] }],
    agentOptions: { agent: 'classic', skipCompletion: false, model: 'gpt-4o-mini', temperature: 0 },
  },
];

describe('LibreChat client contract: presets', () => {
  it('saves new presets sent with presetId null, lists them, pins one, deletes one and then all', async () => {
    const report = createContractReport();
    const { client, userId } = await contract.signedUpClient();
    for (const body of newPresets) {
      const label = `POST /api/presets (${body.endpoint}, presetId null)`;
      const saved = await client.post('/api/presets', body);
      report.expect(label, saved.status >= 200 && saved.status < 300, '2xx', saved.json?.message ?? saved.status);
      if (saved.status >= 300) continue;
      report.check(label, presetSchema, saved.json);
      report.expect(label, saved.json.title === body.title && saved.json.defaultPreset !== true, 'the saved preset', saved.json);
    }

    const listed = await client.get('/api/presets');
    report.check('GET /api/presets', presetListSchema, listed.json);
    const presets: Array<Record<string, any>> = Array.isArray(listed.json) ? listed.json : [];
    report.expect('GET /api/presets', presets.length === newPresets.length, `${newPresets.length} presets`, presets.length);
    for (const preset of presets) report.expect(`GET /api/presets ${preset.title}`, preset.user === userId, 'user is the /api/user id', preset.user);

    // Pin: the client echoes the raw stored preset with defaultPreset flipped.
    const [first, second] = presets;
    if (first && second) {
      const pinned = await client.post('/api/presets', { ...first, defaultPreset: true });
      report.check('POST /api/presets (pin)', presetSchema, pinned.json);
      report.expect('POST /api/presets (pin)', pinned.json?.defaultPreset === true && pinned.json.presetId === first.presetId, 'the same preset, now the default', pinned.json);
      const deleted = await client.post('/api/presets/delete', second);
      report.expect('POST /api/presets/delete (one, the whole preset)', deleted.status >= 200 && deleted.status < 300, '2xx', deleted.status);
      const after = (await client.get('/api/presets')).json ?? [];
      report.expect('GET /api/presets (after one delete)', after.length === presets.length - 1 && !after.some((item: { presetId: string }) => item.presetId === second.presetId), 'the deleted preset is gone', after.length);
      report.expect('GET /api/presets (after pin)', after.filter((item: { defaultPreset?: boolean }) => item.defaultPreset).length === 1, 'exactly one default', after);
    }

    const { client: neighbour } = await contract.signedUpClient();
    await neighbour.post('/api/presets', newPresets[0]);
    const cleared = await client.post('/api/presets/delete');
    report.expect('POST /api/presets/delete (no body: all)', cleared.status >= 200 && cleared.status < 300, '2xx', cleared.json?.message ?? cleared.status);
    const left = await client.get('/api/presets');
    report.expect('GET /api/presets (after delete all)', Array.isArray(left.json) && left.json.length === 0, 'an empty array', left.json);
    const theirs = await neighbour.get('/api/presets');
    report.expect("another user's presets", theirs.json?.length === 1, 'untouched', theirs.json?.length);
    expect(report.issues).toEqual([]);
  });
});
