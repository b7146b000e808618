import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askPayload, checkTurnStream, type AskInput } from './chat-turn.js';
import { createContractReport, type ContractReport } from './contract-report.js';
import { startContractServer, type ContractServer } from './contract-server.js';
import type { LibreChatClient } from './librechat-client.js';
import { conversationSchema } from './schemas/conversation.js';
import { conversationPageSchema, searchPageSchema } from './schemas/conversation-page.js';
import { NO_PARENT } from './schemas/endpoint-name.js';
import { storedMessageSchema } from './schemas/message.js';
import { titleAnswerSchema } from './schemas/small-answers.js';

/**
 * LibreChat v0.7.1's client contract for chat (§4) and what a chat leaves behind (conversations,
 * messages, search, titles): the payloads the client sends, the stream frames and answers it reads.
 */
let contract: ContractServer;

beforeAll(async () => {
  contract = await startContractServer();
});
afterAll(() => contract?.close());

/** Sends one turn as the client does and checks its stream; the stream URL uses `endpointType ?? endpoint`. */
async function turn(report: ContractReport, client: LibreChatClient, mode: 'ask' | 'edit', input: AskInput) {
  const path = `/api/${mode}/${input.endpointType ?? input.endpoint}`;
  return checkTurnStream(report, `POST ${path}`, await client.streamAll(path, askPayload(input)));
}

/** Whether a conversation page holds the conversation (read raw: a mismatching page is reported apart). */
const listsConversation = (page: any, conversationId: string) =>
  Array.isArray(page?.conversations) && page.conversations.some((item: { conversationId?: string }) => item.conversationId === conversationId);

/** GET /api/messages/:id: stored messages, every parent before its children (§2.16). */
async function checkMessages(report: ContractReport, client: LibreChatClient, conversationId: string) {
  const answer = await client.get(`/api/messages/${conversationId}`);
  const label = 'GET /api/messages/:conversationId';
  report.expect(label, Array.isArray(answer.json), 'an array', answer.text);
  const messages: Array<{ messageId: string; parentMessageId: string }> = Array.isArray(answer.json) ? answer.json : [];
  const seen = new Set([NO_PARENT]);
  messages.forEach((message, index) => {
    report.check(`${label} [${index}]`, storedMessageSchema, message);
    report.expect(`${label} [${index}]`, seen.has(message.parentMessageId), 'its parent comes before it', message.parentMessageId);
    seen.add(message.messageId);
  });
  return answer.json as Array<Record<string, any>>;
}

describe('LibreChat client contract: chat on every kind of endpoint', () => {
  const endpoints: Array<{ name: string; input: Omit<AskInput, 'text'> }> = [
    { name: 'openAI', input: { endpoint: 'openAI', model: 'gpt-4o-mini', settings: { temperature: 0.5 } } },
    { name: 'azureOpenAI', input: { endpoint: 'azureOpenAI', model: 'gpt-4o' } },
    { name: 'anthropic', input: { endpoint: 'anthropic', model: 'claude-3-5-haiku-latest', settings: { maxOutputTokens: 1000 } } },
    { name: 'google', input: { endpoint: 'google', model: 'gemini-2.0-flash', settings: { topK: 20 } } },
    { name: 'custom', input: { endpoint: 'Fake Ollama', endpointType: 'custom', modelDisplayLabel: 'Ollama', model: 'llama3.1' } },
  ];

  for (const { name, input } of endpoints) {
    it(`${name}: a new chat's frames, then the conversation in the list, by id, in search and its messages`, async () => {
      const report = createContractReport();
      const { client, userId } = await contract.signedUpClient();
      const { final } = await turn(report, client, 'ask', { ...input, text: `Hello zebrafish from ${name}` });
      if (!final?.conversation) return expect(report.issues).toEqual([]);
      const conversationId = final!.conversation.conversationId;
      report.expect('final conversation', final!.conversation.endpointType === input.endpointType, `endpointType ${input.endpointType ?? 'absent'}`, final!.conversation.endpointType);
      report.expect('final conversation', final!.conversation.user === undefined || final!.conversation.user === userId, 'the signed-in user', final!.conversation.user);

      const page = await client.get('/api/convos?pageNumber=1');
      report.check('GET /api/convos?pageNumber=1', conversationPageSchema, page.json);
      report.expect('GET /api/convos?pageNumber=1', listsConversation(page.json, conversationId), 'lists the new chat');
      const beyond = await client.get('/api/convos?pageNumber=9');
      report.check('GET /api/convos?pageNumber=9', conversationPageSchema, beyond.json);

      const byId = await client.get(`/api/convos/${conversationId}`);
      report.check('GET /api/convos/:id', conversationSchema, byId.json);

      const found = await client.get('/api/search?q=zebrafish&pageNumber=1');
      report.check('GET /api/search', searchPageSchema, found.json);
      report.expect('GET /api/search', listsConversation(found.json, conversationId), 'finds the chat');
      const pastTheEnd = await client.get('/api/search?q=zebrafish&pageNumber=9');
      report.check('GET /api/search?pageNumber=9', searchPageSchema, pastTheEnd.json);

      await checkMessages(report, client, conversationId);
      expect(report.issues).toEqual([]);
    });
  }
});

describe('LibreChat client contract: follow-ups, regenerate, edit, continue, rename', () => {
  it('answers every action on one openAI chat in the client shapes', async () => {
    const report = createContractReport();
    const { client } = await contract.signedUpClient();
    const base = { endpoint: 'openAI', model: 'gpt-4o-mini' };
    const first = await turn(report, client, 'ask', { ...base, text: 'First question' });
    if (!first.final?.conversation) return expect(report.issues).toEqual([]);
    const conversationId = first.final!.conversation.conversationId;
    const reply = first.final!.responseMessage;

    const title = await client.post('/api/convos/gen_title', { conversationId });
    report.expect('POST /api/convos/gen_title', title.status === 200, 'status 200', title.status);
    report.check('POST /api/convos/gen_title', titleAnswerSchema, title.json);

    const followUp = await turn(report, client, 'ask', { ...base, text: 'Second question', conversationId, parentMessageId: reply.messageId });
    if (!followUp.final?.requestMessage) return expect(report.issues).toEqual([]);
    const question = followUp.final.requestMessage;
    // Regenerate: the user message is sent again, its parent as parent, and overrideParentMessageId set.
    await turn(report, client, 'ask', { ...base, text: question.text, conversationId, messageId: question.messageId, parentMessageId: question.parentMessageId!, overrideParentMessageId: question.messageId });
    // Edit an AI reply, then continue it: /api/edit with the reply as responseMessageId.
    const latest = followUp.final!.responseMessage;
    const edited = await turn(report, client, 'edit', {
      ...base, text: question.text, conversationId, messageId: question.messageId, parentMessageId: question.parentMessageId!,
      overrideParentMessageId: question.messageId, responseMessageId: latest.messageId, generation: 'An edited beginning',
    });
    await turn(report, client, 'edit', {
      ...base, text: question.text, conversationId, messageId: question.messageId, parentMessageId: question.parentMessageId!,
      overrideParentMessageId: question.messageId, responseMessageId: latest.messageId, generation: edited.final?.responseMessage.text ?? '', isContinued: true,
    });

    // "Save" of an edited message, without regenerating: 2xx, then the messages are read again.
    const saved = await client.put(`/api/messages/${conversationId}/${reply.messageId}`, { text: 'A reply edited by hand' });
    report.expect('PUT /api/messages/:cid/:mid', saved.status >= 200 && saved.status < 300, '2xx', saved.status);
    const messages = await checkMessages(report, client, conversationId);
    const handEdited = messages.find((message) => message.messageId === reply.messageId);
    report.expect('GET /api/messages (hand-edited)', handEdited?.text === 'A reply edited by hand', 'the saved text', handEdited?.text);
    report.expect('GET /api/messages (hand-edited)', typeof handEdited?.tokenCount === 'number', 'a recounted tokenCount', handEdited?.tokenCount);

    const renamed = await client.post('/api/convos/update', { arg: { conversationId, title: 'Renamed by the client' } });
    report.check('POST /api/convos/update', conversationSchema, renamed.json);
    const conversation = renamed.json;
    report.expect('POST /api/convos/update', conversation?.title === 'Renamed by the client', 'the new title', conversation?.title);
    report.expect('POST /api/convos/update', conversation?.model === 'gpt-4o-mini' && conversation.endpoint === 'openAI', 'the complete conversation', conversation);
    expect(report.issues).toEqual([]);
  });
});
