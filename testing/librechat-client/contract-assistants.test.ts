import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAssistantChat } from './assistant-chat-contract.js';
import { createContractReport } from './contract-report.js';
import { startContractServer, type ContractServer } from './contract-server.js';
import { assistantListSchema, assistantSchema } from './schemas/assistant.js';
import { endpointsConfigSchema, modelsConfigSchema } from './schemas/endpoints-config.js';
import { pluginSchema } from './schemas/plugin.js';

/**
 * LibreChat v0.7.1's client contract for assistants (contract §2.6, §2.9, §3): the endpoint entry the
 * builder reads, the list it asks for (`order=desc&limit=100`), and the create, update and delete
 * bodies the builder sends (tool names mixed with tool objects and the image_vision function), and a
 * chat with an assistant whose calculator runs (contract §4.5: sync, content parts, final).
 */
let contract: ContractServer;
const is2xx = (status: number) => status >= 200 && status < 300;
const imageVision = { type: 'function', function: { name: 'image_vision', description: 'Get detailed text descriptions for all current image attachments.', parameters: { type: 'object', properties: {}, required: [] } } };

beforeAll(async () => {
  contract = await startContractServer((upstreams) => ({ ASSISTANTS_API_KEY: 'sk-fake-assistants', ASSISTANTS_MODELS: 'gpt-4o-mini,gpt-4o', ASSISTANTS_BASE_URL: `${upstreams.openai.url}/v1`, TITLE_CONVO: 'false' }));
});
afterAll(() => contract?.close());

describe('LibreChat client contract: assistants', () => {
  it('serves the endpoint entry, the list, the tools and the builder’s create, update and delete', async () => {
    const report = createContractReport();
    const { client } = await contract.signedUpClient();
    const endpoints = report.check('GET /api/endpoints', endpointsConfigSchema, (await client.get('/api/endpoints')).json);
    const entry = endpoints?.assistants;
    report.expect('GET /api/endpoints', Array.isArray(entry && entry.capabilities), 'assistants carries capabilities (absent hides every builder section)', entry);
    const models = report.check('GET /api/models', modelsConfigSchema, (await client.get('/api/models')).json);
    report.expect('GET /api/models', models?.assistants?.includes('gpt-4o-mini') === true, 'lists the assistants models', models?.assistants);

    const empty = report.check('GET /api/assistants', assistantListSchema, (await client.get('/api/assistants?order=desc&limit=100')).json);
    report.expect('GET /api/assistants', empty?.data.length === 0, 'an empty list for a new user', empty);

    const tools = (await client.get('/api/assistants/tools')).json;
    report.expect('GET /api/assistants/tools', Array.isArray(tools), 'an array of TPlugin', tools);
    (Array.isArray(tools) ? tools : []).forEach((tool, index) => report.check(`GET /api/assistants/tools [${index}]`, pluginSchema, tool));

    const body = { name: 'Tutor', description: 'Explains', instructions: 'Be brief.', model: 'gpt-4o-mini', tools: ['calculator', { type: 'code_interpreter' }, { type: 'retrieval' }, imageVision] };
    const created = await client.post('/api/assistants', body);
    report.expect('POST /api/assistants', is2xx(created.status), '2xx', created.text);
    const assistant = report.check('POST /api/assistants', assistantSchema, created.json);
    report.expect('POST /api/assistants', assistant?.tools.length === 4, 'every tool kept, the name as a function', assistant?.tools);

    const updated = await client.patch(`/api/assistants/${assistant?.id}`, { ...body, name: 'Tutor 2', tools: [{ type: 'retrieval' }] });
    report.check('PATCH /api/assistants/:id', assistantSchema, updated.json);
    report.expect('PATCH /api/assistants/:id', updated.json?.name === 'Tutor 2', 'the new name', updated.text);

    const listed = report.check('GET /api/assistants', assistantListSchema, (await client.get('/api/assistants?order=desc&limit=100')).json);
    report.expect('GET /api/assistants', listed?.data[0]?.id === assistant?.id, 'lists the assistant', listed);

    const deleted = await client.delete(`/api/assistants/${assistant?.id}?model=gpt-4o-mini`);
    report.expect('DELETE /api/assistants/:id', is2xx(deleted.status), '2xx', deleted.text);
    const refused = await client.post('/api/assistants', { ...body, name: 'x'.repeat(300) });
    report.expect('POST /api/assistants (too long)', refused.status === 400 && typeof refused.json?.message === 'string', 'a 400 with a message for the error toast', refused.text);
    expect(report.issues).toEqual([]);
  });

  it('chats with an assistant: sync, content parts keyed by the sync reply id, and a final whose messages render', async () => {
    const report = createContractReport();
    const { client } = await contract.signedUpClient();
    await checkAssistantChat(report, client, { model: 'gpt-4o-mini', upstream: contract.upstreams.openai.control });
    expect(report.issues).toEqual([]);
  });
});
