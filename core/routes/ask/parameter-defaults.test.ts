import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NO_PARENT } from '../../chat/message-tree.js';
import { buildChatTestServer, type ChatTestContext } from '../../../testing/build-chat-test-server.js';

let chat: ChatTestContext;
beforeAll(async () => {
  chat = await buildChatTestServer({ withFakeEndpoints: true, env: { PLUGIN_MODELS: 'gpt-4o-mini', TITLE_CONVO: 'false' } });
});
afterAll(async () => {
  await chat?.close();
});
beforeEach(() => {
  for (const upstream of [chat.upstreams.openai, chat.upstreams.anthropic, chat.upstreams.google]) {
    upstream.control.reset();
    upstream.control.configure({ reply: 'Fine.' });
  }
});

const turn = (extra: Record<string, unknown>) => ({ text: 'Hello', conversationId: null, parentMessageId: NO_PARENT, ...extra });
const finalOf = (frames: { data: unknown }[]) => frames.at(-1)!.data as { final: true; conversation: Record<string, unknown>; requestMessage: { messageId: string }; responseMessage: { messageId: string } };
const streamed = (upstream: ChatTestContext['upstreams']['openai']) => upstream.control.requests.filter((request) => request.body?.stream === true || request.body?.contents);

// LibreChat's client leaves out the values equal to its defaults (parseCompactConvo); its server
// fills them in. A client that sends none gets what the settings show, never the upstream's own.
describe('parameter defaults for an ask that leaves them out', () => {
  it('google: temperature .2, top_p .8, top_k 40 and a gemini model’s 8192 tokens, upstream and on the conversation', async () => {
    const { status, frames } = await chat.ask(turn({ endpoint: 'google', model: 'gemini-1.5-flash' }), { endpoint: 'google' });
    expect(status).toBe(200);
    expect(chat.upstreams.google.control.requests.at(-1)!.body.generationConfig).toMatchObject({ temperature: 0.2, topP: 0.8, topK: 40, maxOutputTokens: 8192 });
    expect(finalOf(frames).conversation).toMatchObject({ temperature: 0.2, topP: 0.8, topK: 40, maxOutputTokens: 8192 });
  });

  it('anthropic: temperature 1, top_p .7, top_k 5, 4000 tokens', async () => {
    await chat.ask(turn({ endpoint: 'anthropic', model: 'claude-3-5-haiku-latest' }), { endpoint: 'anthropic' });
    expect(streamed(chat.upstreams.anthropic).at(-1)!.body).toMatchObject({ temperature: 1, top_p: 0.7, top_k: 5, max_tokens: 4000 });
  });

  it('plugins without tools: a completion at .8', async () => {
    await chat.ask(turn({ endpoint: 'gptPlugins', model: 'gpt-4o-mini' }), { endpoint: 'gptPlugins' });
    expect(streamed(chat.upstreams.openai).at(-1)!.body).toMatchObject({ temperature: 0.8, top_p: 1, presence_penalty: 0, frequency_penalty: 0 });
  });

  it('a custom endpoint: OpenAI’s defaults (notes §1: temperature 1, top_p 1, penalties 0)', async () => {
    await chat.ask(turn({ endpoint: 'Fake Ollama', endpointType: 'custom', model: 'llama3.1' }), { endpoint: 'custom' });
    expect(streamed(chat.upstreams.openai).at(-1)!.body).toMatchObject({ model: 'llama3.1', temperature: 1, top_p: 1, presence_penalty: 0, frequency_penalty: 0 });
  });

  it('keeps what the client sends, then what the conversation has, before any default', async () => {
    const first = finalOf((await chat.ask(turn({ endpoint: 'openAI', model: 'gpt-4o-mini', temperature: 0.5 }))).frames);
    expect(streamed(chat.upstreams.openai).at(-1)!.body).toMatchObject({ temperature: 0.5, top_p: 1 });
    expect(first.conversation).toMatchObject({ temperature: 0.5, top_p: 1 });

    const conversationId = first.conversation.conversationId;
    await chat.ask({ text: 'Again', conversationId, parentMessageId: first.responseMessage.messageId, endpoint: 'openAI', model: 'gpt-4o-mini' });
    expect(streamed(chat.upstreams.openai).at(-1)!.body).toMatchObject({ temperature: 0.5 });
  });
});
