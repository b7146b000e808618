import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAssistantChat } from './assistant-chat-contract.js';
import { createContractReport } from './contract-report.js';
import { startContractServer, type ContractServer } from './contract-server.js';
import { assistantSchema } from './schemas/assistant.js';
import { endpointsConfigSchema, modelsConfigSchema } from './schemas/endpoints-config.js';

/**
 * LibreChat v0.7.1's client contract for assistants on an operator's Anthropic models alone: no
 * assistants key (ASSISTANTS_API_KEY unset), ASSISTANTS_MODELS_FROM=anthropic. The client sees an
 * ordinary assistants endpoint: its entry without a key dialog, the lent models, the builder's
 * create, and a chat whose calculator call the fake Anthropic makes.
 */
let contract: ContractServer;
const claude = 'claude-sonnet-4-5';

beforeAll(async () => {
  contract = await startContractServer({ ASSISTANTS_MODELS_FROM: 'anthropic', TITLE_CONVO: 'false' });
});
afterAll(() => contract?.close());

describe('LibreChat client contract: assistants on lent models only', () => {
  it('serves the endpoint entry without a key dialog, the lent models, and the builder’s create', async () => {
    const report = createContractReport();
    const { client } = await contract.signedUpClient();
    const endpoints = report.check('GET /api/endpoints', endpointsConfigSchema, (await client.get('/api/endpoints')).json);
    const entry = endpoints?.assistants;
    report.expect('GET /api/endpoints', Array.isArray(entry && entry.capabilities), 'assistants carries capabilities (absent hides every builder section)', entry);
    report.expect('GET /api/endpoints', entry !== false && entry?.userProvide === false, 'no key dialog: the operator’s Anthropic key serves the runs', entry);
    const models = report.check('GET /api/models', modelsConfigSchema, (await client.get('/api/models')).json);
    report.expect('GET /api/models', JSON.stringify(models?.assistants) === JSON.stringify(models?.anthropic), "the assistants models are Anthropic's", models);
    const created = await client.post('/api/assistants', { name: 'Tutor', instructions: 'Be brief.', model: claude, tools: ['calculator'] });
    const assistant = report.check('POST /api/assistants', assistantSchema, created.json);
    report.expect('POST /api/assistants', assistant?.model === claude, 'the Claude model kept', created.text);
    expect(report.issues).toEqual([]);
  });

  it('chats with an assistant on a Claude model: the run goes to Anthropic, the frames are the ones the client reads', async () => {
    const report = createContractReport();
    const { client } = await contract.signedUpClient();
    await checkAssistantChat(report, client, { model: claude, upstream: contract.upstreams.anthropic.control });
    expect(report.issues).toEqual([]);
    expect(contract.upstreams.anthropic.control.requests.filter((request) => request.path.endsWith('/messages')).map((request) => request.body.model)).toEqual([claude, claude]);
  });
});
