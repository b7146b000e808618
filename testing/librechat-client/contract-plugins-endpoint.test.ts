import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askPayload, checkTurnStream, type AskInput } from './chat-turn.js';
import { createContractReport, type ContractReport } from './contract-report.js';
import { startContractServer, type ContractServer } from './contract-server.js';
import type { LibreChatClient } from './librechat-client.js';
import { conversationSchema } from './schemas/conversation.js';
import { endpointsConfigSchema } from './schemas/endpoints-config.js';
import { storedMessageSchema } from './schemas/message.js';
import { pluginSchema } from './schemas/plugin.js';

/**
 * LibreChat v0.7.1's client contract for the plugins endpoint (gptPlugins, contract §4.4, wave2
 * notes §4.4): the body its client sends (whole plugin objects in `tools`, `agentOptions` with its
 * four keys), the frames with `plugins` boxes and `:::plugin:::` markers it reads, and what a reload
 * shows.
 */
let contract: ContractServer;

beforeAll(async () => {
  contract = await startContractServer({ PLUGIN_MODELS: 'gpt-4o-mini,gpt-3.5-turbo-instruct' });
});
afterAll(() => contract?.close());

/** The calculator as the plugin store lists it and the plugin select puts it into `tools` (TPlugin). */
const calculator = { name: 'Calculator', pluginKey: 'calculator', description: 'Perform simple and complex mathematical calculations.', icon: '/assets/tools/calculator.svg', authConfig: [] };

async function turn(report: ContractReport, client: LibreChatClient, mode: 'ask' | 'edit', input: AskInput) {
  return checkTurnStream(report, `POST /api/${mode}/gptPlugins`, await client.streamAll(`/api/${mode}/gptPlugins`, askPayload(input)));
}

const toolResults = (body: any): string[] => (body?.messages ?? []).filter((message: any) => message.role === 'tool').map((message: any) => String(message.content));

describe('LibreChat client contract: the plugins endpoint', () => {
  it('lists gptPlugins, streams a functions-agent turn with its plugin box and marker, a classic one, a continue, and stores them for a reload', async () => {
    const report = createContractReport();
    const { client } = await contract.signedUpClient();
    report.check('TPlugin in tools', pluginSchema, calculator);
    const endpoints = await client.get('/api/endpoints');
    report.check('GET /api/endpoints', endpointsConfigSchema, endpoints.json);
    report.expect('GET /api/endpoints', endpoints.json?.gptPlugins?.plugins?.calculator === 'Calculator', 'gptPlugins.plugins names the calculator', endpoints.json?.gptPlugins);

    contract.upstreams.openai.control.configure({
      reply: (request) => (toolResults(request.body).length === 0 && request.body.tools ? '' : `It is ${toolResults(request.body).join()}.`),
      toolCalls: (request) => (toolResults(request.body).length === 0 && request.body.tools ? [{ name: 'calculator', input: { input: '6*7' } }] : []),
    });
    const settings = { temperature: 0.8, top_p: 1, presence_penalty: 0, frequency_penalty: 0, tools: [calculator], agentOptions: { agent: 'functions', skipCompletion: true, model: 'gpt-4o-mini', temperature: 0 } };
    const functions = await turn(report, client, 'ask', { endpoint: 'gptPlugins', model: 'gpt-4o-mini', text: 'What is 6*7?', settings });
    const reply = functions.final?.responseMessage;
    report.expect('functions agent reply', reply?.text === ':::plugin:::\nIt is 42.', 'the marker, then the answer', reply?.text);
    report.expect('functions agent reply', reply?.plugins?.[0]?.latest === 'calculator' && reply.plugins[0].loading === false && reply.plugins[0].outputs === '42', 'the finished box', reply?.plugins);
    if (functions.final?.conversation) report.check('final conversation', conversationSchema, functions.final.conversation);
    const conversationId = functions.final?.conversation?.conversationId;

    contract.upstreams.openai.control.configure({
      // The observation comes back as the last user message.
      reply: (request) => (JSON.stringify(request.body.messages.at(-1)).includes('Observation: ') ? 'Final Answer: Still 42.' : 'Action: calculator\nAction Input: 6*7'),
      toolCalls: [],
    });
    const classicSettings = { ...settings, agentOptions: { agent: 'classic', skipCompletion: true, model: 'gpt-3.5-turbo-instruct', temperature: 0 } };
    const classic = await turn(report, client, 'ask', { endpoint: 'gptPlugins', model: 'gpt-4o-mini', text: 'And again?', conversationId, parentMessageId: reply?.messageId, settings: classicSettings });
    report.expect('classic agent reply', classic.final?.responseMessage.text === ':::plugin:::\nStill 42.', 'the marker, then the Final Answer', classic.final?.responseMessage.text);

    contract.upstreams.openai.control.configure({ reply: ' Certainly.' });
    const latest = classic.final?.responseMessage;
    const question = classic.final?.requestMessage;
    const continued = await turn(report, client, 'edit', {
      endpoint: 'gptPlugins', model: 'gpt-4o-mini', text: question?.text ?? '', conversationId, messageId: question?.messageId, parentMessageId: question?.parentMessageId ?? undefined,
      overrideParentMessageId: question?.messageId, responseMessageId: latest?.messageId, generation: latest?.text ?? '', isContinued: true, settings: classicSettings,
    });
    report.expect('continued reply', continued.final?.responseMessage.text === ':::plugin:::\nStill 42. Certainly.', 'the reply continued, its marker kept', continued.final?.responseMessage.text);

    const stored = await client.get(`/api/messages/${conversationId}`);
    const messages: any[] = Array.isArray(stored.json) ? stored.json : [];
    messages.forEach((message, index) => report.check(`GET /api/messages [${index}]`, storedMessageSchema, message));
    const reloaded = messages.find((message) => message.messageId === reply?.messageId);
    report.expect('GET /api/messages', reloaded?.text === reply?.text && JSON.stringify(reloaded?.plugins) === JSON.stringify(reply?.plugins), 'the reply as streamed, with its plugins', reloaded);
    const byId = await client.get(`/api/convos/${conversationId}`);
    report.check('GET /api/convos/:id', conversationSchema, byId.json);
    contract.upstreams.reset();
    expect(report.issues).toEqual([]);
  });
});
