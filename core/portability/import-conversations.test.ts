import { createReadStream, readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NO_PARENT } from '../chat/message-tree.js';
import type { Message } from '../store/repositories/messages.js';
import type { Store } from '../store/types.js';
import { createTestStore } from '../../testing/test-store.js';
import { importConversations } from './import-conversations.js';

const fixture = (name: string) => createReadStream(new URL(`./__fixtures__/${name}`, import.meta.url));
/** The text in chunks, as a file or an upload arrives. */
const fromText = async function* (...chunks: string[]) {
  for (const chunk of chunks) yield Buffer.from(chunk);
};

let store: Store;
let userId: string;
beforeEach(async () => {
  store = await createTestStore();
  userId = (await store.users.create({ name: 'Importer', username: 'importer', email: 'importer@example.com', provider: 'local', passwordHash: 'x' })).id;
});
afterEach(() => store.close());

async function conversationsByTitle() {
  const { items } = await store.conversations.list(userId, { offset: 0, limit: 100 });
  return new Map(items.map((conversation) => [conversation.title, conversation]));
}
const childrenOf = (messages: Message[], parent: Message | string) =>
  messages.filter((message) => message.parentMessageId === (typeof parent === 'string' ? parent : parent.messageId));

describe('importConversations', () => {
  it('imports a ChatGPT export: branches kept, system, hidden and reasoning nodes skipped, parts rendered, BOM and emoji read', async () => {
    const result = await importConversations({ store, userId, input: fixture('chatgpt-conversations.json') });
    expect(result).toMatchObject({ format: 'chatgpt', imported: 2, skipped: 0, failedCount: 2, error: null });
    expect(result.failed).toEqual([
      { name: 'Broken', reason: 'mapping entry x is not an object' },
      { name: 'Only system', reason: 'it has no messages' },
    ]);
    const conversation = (await conversationsByTitle()).get('Fläche des Kreises 🌍')!;
    expect(conversation).toMatchObject({ endpoint: 'openAI', model: 'gpt-4o', createdAt: new Date(1700000000500), updatedAt: new Date(1700000600000) });
    const messages = await store.messages.listByConversation(userId, conversation.conversationId);
    expect(messages.map((message) => message.text)).toEqual([
      'Wie berechnet man die Fläche eines Kreises? 🤔',
      'A = πr² – first answer',
      'Regenerated: the area is pi times r squared, see Wikipedia ([Circle](https://en.wikipedia.org/wiki/Circle)).',
      '[Image: file-abc123]\n\nCompute it for this circle',
      '```python\nimport math\nprint(math.pi * 2 ** 2)\n```',
      '> 12.566370614359172',
      'The area is about 12.57 square units.',
    ]);
    const [question] = childrenOf(messages, NO_PARENT);
    const answers = childrenOf(messages, question!);
    expect(answers.map((message) => message.sender)).toEqual(['GPT-4o', 'o3']);
    // The reasoning above the regenerated answer becomes its think content.
    expect(answers[1]!.content).toEqual([
      { type: 'think', think: 'Recall the area formula.' },
      { type: 'text', text: answers[1]!.text },
    ]);
    // The hidden message between the code output and the last answer is skipped, not the branch below it.
    const output = messages.find((message) => message.text.startsWith('> 12'))!;
    expect(childrenOf(messages, output).map((message) => message.text)).toEqual(['The area is about 12.57 square units.']);
    expect(question!.createdAt).toEqual(new Date(1700000001000));
  });

  it('does not duplicate on a second import of the same file', async () => {
    await importConversations({ store, userId, input: fixture('chatgpt-conversations.json') });
    const again = await importConversations({ store, userId, input: fixture('chatgpt-conversations.json') });
    expect(again).toMatchObject({ imported: 0, skipped: 2, failedCount: 2 });
    expect((await store.conversations.list(userId, { offset: 0, limit: 100 })).total).toBe(2);
  });

  it('imports a Claude export with thinking, attachments and parents', async () => {
    const result = await importConversations({ store, userId, input: fixture('claude-conversations.json') });
    expect(result).toMatchObject({ format: 'claude', imported: 1, failed: [{ name: 'Bad sender', reason: 'message 1 has no known sender' }] });
    const conversation = (await conversationsByTitle()).get('Haiku über Herbst 🍂')!;
    expect(conversation).toMatchObject({ endpoint: 'anthropic', createdAt: new Date('2024-10-01T08:00:00Z') });
    const messages = await store.messages.listByConversation(userId, conversation.conversationId);
    expect(messages.map((message) => [message.sender, message.text])).toEqual([
      ['User', 'Write a haiku about autumn\n\n[Attachment: notes.txt]'],
      ['Claude', 'Crisp leaves drift and fall\nGolden light on quiet paths\nThe year exhales slow'],
      ['User', 'Another one, in German'],
      ['Claude', 'Blätter fallen sacht'],
    ]);
    expect(messages[1]!.content?.[0]).toEqual({ type: 'think', think: 'Five, seven, five.' });
    // A chain: each message's parent is the one before (m4 names none, so it follows m3).
    expect(messages.map((message) => message.parentMessageId)).toEqual([NO_PARENT, ...messages.slice(0, 3).map((message) => message.messageId)]);
  });

  it.each(['librechat-recursive.json', 'librechat-sequential.json'])('imports LibreChat export JSON (%s) with its tree, files and flags', async (name) => {
    const result = await importConversations({ store, userId, input: fixture(name) });
    expect(result).toMatchObject({ format: 'librechat', imported: 1 });
    const conversation = (await conversationsByTitle()).get('Monads')!;
    expect(conversation).toMatchObject({ endpoint: 'openAI', model: 'gpt-4o', temperature: 0.5, top_p: 1 });
    expect(conversation).not.toHaveProperty('presetId');
    const messages = await store.messages.listByConversation(userId, conversation.conversationId);
    const [question] = childrenOf(messages, NO_PARENT);
    expect(question).toMatchObject({ text: 'What is a monad? ☕', files: [{ file_id: 'file-1', filename: 'diagram.png' }], createdAt: new Date('2024-05-01T10:00:00.000Z') });
    const answers = childrenOf(messages, question!);
    expect(answers.map((message) => [message.text, message.unfinished, message.finish_reason ?? null])).toEqual([
      ['A monoid in the category of endofunctors.', false, 'stop'],
      ['A design pattern for chaining.', true, null],
    ]);
    expect(childrenOf(messages, answers[1]!).map((message) => message.text)).toEqual(['Show code']);
  });

  it('imports both LibreChat layouts of one conversation once', async () => {
    await importConversations({ store, userId, input: fixture('librechat-recursive.json') });
    expect(await importConversations({ store, userId, input: fixture('librechat-sequential.json') })).toMatchObject({ imported: 0, skipped: 1 });
  });

  it('imports chatbox JSON losslessly: every option and the conversation timestamps', async () => {
    const result = await importConversations({ store, userId, input: fixture('chatbox-conversation.json') });
    expect(result).toMatchObject({ format: 'chatbox', imported: 1 });
    const conversation = (await conversationsByTitle()).get('Monads, losslessly')!;
    expect(conversation).toMatchObject({
      resendFiles: true,
      iconURL: 'https://example.com/icon.png',
      createdAt: new Date('2024-05-01T09:59:00.000Z'),
      updatedAt: new Date('2024-05-02T12:00:00.000Z'),
    });
    expect(await store.messages.listByConversation(userId, conversation.conversationId)).toHaveLength(4);
  });

  it('imports an Open WebUI export with its branches', async () => {
    const result = await importConversations({ store, userId, input: fixture('open-webui-export.json') });
    expect(result).toMatchObject({ format: 'open-webui', imported: 1 });
    const conversation = (await conversationsByTitle()).get('Rust lifetimes')!;
    expect(conversation).toMatchObject({ model: 'llama3:8b', createdAt: new Date(1710000000000), updatedAt: new Date(1710000500000) });
    const messages = await store.messages.listByConversation(userId, conversation.conversationId);
    const [question] = childrenOf(messages, NO_PARENT);
    expect(question!.text).toBe("Explain `'a` in Rust 🦀");
    expect(childrenOf(messages, question!).map((message) => [message.sender, message.text.slice(0, 7)])).toEqual([
      ['Llama 3', '```rust'],
      ['Llama 3', 'Second '],
    ]);
  });

  it('imports a chatbot-ui export', async () => {
    const result = await importConversations({ store, userId, input: fixture('chatbot-ui-export.json') });
    expect(result).toMatchObject({ format: 'chatbot-ui', imported: 1 });
    const conversation = (await conversationsByTitle()).get('Regex help')!;
    expect(conversation).toMatchObject({ model: 'gpt-3.5-turbo', promptPrefix: 'You are helpful', temperature: 0.7 });
    expect((await store.messages.listByConversation(userId, conversation.conversationId)).map((message) => message.text)).toEqual(['Match an email', 'Try `\\S+@\\S+`']);
  });

  it('refuses files in no known format, not JSON, or cut short, keeping what came before the break', async () => {
    expect(await importConversations({ store, userId, input: fromText('{"hello": "world"}') })).toMatchObject({ imported: 0, error: 'Unsupported import type' });
    expect(await importConversations({ store, userId, input: fromText('name,text\nA,B') })).toMatchObject({ error: 'Unsupported import type: the file is not JSON' });
    expect(await importConversations({ store, userId, input: fromText('') })).toMatchObject({ error: 'The file is empty' });
    const first = { title: 'Before the break', conversation_id: 'c1', mapping: { u: { id: 'u', parent: null, children: [], message: { author: { role: 'user' }, content: { content_type: 'text', parts: ['hi'] } } } } };
    const cut = await importConversations({ store, userId, input: fromText(`[${JSON.stringify(first)}, `, '{"title": "After", "mapping": {') });
    expect(cut.imported).toBe(1);
    expect(cut.error).toMatch(/^The file is not valid JSON/);
    const mixed = await importConversations({ store, userId, input: fromText(`[${JSON.stringify({ ...first, conversation_id: 'c2' })}, {"chat_messages": []}, 42]`) });
    expect(mixed).toMatchObject({
      imported: 1,
      failed: [
        { name: 'Conversation 2', reason: 'it is not a conversation of a known export format' },
        { name: 'Conversation 3', reason: 'it is not a conversation of a known export format' },
      ],
    });
  });

  it('reports a conversation the store refuses and goes on with the next', async () => {
    const conversations = store.conversations;
    const refusing: Store = {
      ...store,
      conversations: {
        ...conversations,
        insertWithMessages: (conversation, messages) =>
          conversation.title === 'Fläche des Kreises 🌍' ? Promise.reject(new Error('disk full')) : conversations.insertWithMessages(conversation, messages),
      },
    };
    const result = await importConversations({ store: refusing, userId, input: fixture('chatgpt-conversations.json') });
    expect(result).toMatchObject({ imported: 1, failedCount: 3 });
    expect(result.failed[0]).toEqual({ name: 'Fläche des Kreises 🌍', reason: 'it could not be stored: disk full' });
    expect([...(await conversationsByTitle()).keys()]).toEqual(['Quasar notes']);
  });

  it('keeps only plain option names of a LibreChat export', async () => {
    const document = JSON.parse(readFileSync(new URL('./__fixtures__/librechat-sequential.json', import.meta.url), 'utf8'));
    document.options = { ...document.options, $where: 'sleep(1)', 'a.b': 1, iconURL: 'https://example.com/x.png' };
    await importConversations({ store, userId, input: fromText(JSON.stringify(document)) });
    const conversation = (await conversationsByTitle()).get('Monads')!;
    expect(conversation).toMatchObject({ iconURL: 'https://example.com/x.png' });
    expect(Object.keys(conversation)).not.toContain('$where');
    expect(Object.keys(conversation)).not.toContain('a.b');
  });

  it("keeps a LibreChat export's tools as plugin keys and drops what is no tool", async () => {
    const document = JSON.parse(readFileSync(new URL('./__fixtures__/librechat-sequential.json', import.meta.url), 'utf8'));
    document.options = { ...document.options, tools: [{ pluginKey: 'calculator', name: 'Calculator' }, 'google', 7, { name: 'no key' }] };
    await importConversations({ store, userId, input: fromText(JSON.stringify(document)) });
    expect((await conversationsByTitle()).get('Monads')).toMatchObject({ tools: ['calculator', 'google'] });
  });

  it('reports progress after each conversation', async () => {
    const seen: number[] = [];
    await importConversations({ store, userId, input: fixture('chatgpt-conversations.json'), onProgress: (progress) => seen.push(progress.processed) });
    expect(seen).toEqual([1, 2, 3, 4]);
  });
});
