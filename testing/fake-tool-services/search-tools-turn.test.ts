import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NO_PARENT } from '../../core/chat/message-tree.js';
import { buildChatTestServer, type ChatTestContext } from '../build-chat-test-server.js';
import type { FakeToolService } from './fake-tool-service.js';
import { startFakeTavily } from './tavily.js';
import type { RecordedRequest } from '../fake-upstreams/index.js';
import { writeYamlFile } from '../yaml-file.js';

const apiKey = 'tvly-turn-key';

/** The OpenAI fake's request carries a tool result (role `tool`) once the tool has run. */
const toolResultOf = (request: RecordedRequest): string | undefined => request.body?.messages?.find((message: { role: string }) => message.role === 'tool')?.content;

describe('a search tool in a turn through /api/ask', () => {
  let chat: ChatTestContext;
  let tavily: FakeToolService;
  let yaml: { path: string; remove(): void };

  beforeAll(async () => {
    tavily = await startFakeTavily(apiKey);
    // The fake listens on loopback: the operator allows it as for any LAN service, and the tool still goes through the guard.
    yaml = writeYamlFile(`ssrf:\n  allowedHosts: ["${tavily.host}"]\n`);
    chat = await buildChatTestServer({
      configPath: yaml.path,
      // The operator's key: the tool is `authenticated`, every user may use it without installing it.
      env: { TAVILY_API_KEY: apiKey, TAVILY_BASE_URL: tavily.url, TITLE_CONVO: 'false', LIMIT_MESSAGE_IP: 'false' },
    });
  });
  afterAll(async () => {
    await chat.close();
    await tavily.close();
    yaml.remove();
  });
  beforeEach(() => {
    chat.upstreams.reset();
    tavily.control.reset();
  });

  /** The model calls `name` with `input` first, then answers quoting the tool's result. */
  const scriptModel = (name: string, input: Record<string, unknown>) =>
    chat.upstreams.openai.control.configure({
      toolCalls: (request) => (toolResultOf(request) === undefined ? [{ name, input }] : []),
      reply: (request) => (toolResultOf(request) === undefined ? '' : `From the search: ${toolResultOf(request)}`),
    });
  const ask = (tools: string[]) => chat.ask({ text: 'What is new about fjords?', conversationId: null, parentMessageId: NO_PARENT, model: 'gpt-4o-mini', endpoint: 'openAI', tools });

  it('runs Tavily against its service and the model answers with the results; the reply stores the run', async () => {
    scriptModel('tavily_search_results_json', { query: 'fjords news', max_results: 2 });
    const { frames } = await ask(['tavily_search_results_json']);
    const final = frames.at(-1)!.data;
    expect(final.final).toBe(true);

    expect(tavily.control.requests).toHaveLength(1);
    expect(tavily.control.lastRequest).toMatchObject({ path: '/search', headers: { authorization: `Bearer ${apiKey}` }, body: { query: 'fjords news', max_results: 2 } });

    const results = '1. fjords news — source 1\n   https://news.example/1\n   Tavily content about fjords news (1).\n\n2. fjords news — source 2\n   https://news.example/2\n   Tavily content about fjords news (2).';
    expect(final.responseMessage.plugins).toEqual([{ runId: expect.any(String), latest: 'tavily_search_results_json', inputs: ['{"query":"fjords news","max_results":2}'], outputs: results, loading: false }]);
    expect(toolResultOf(chat.upstreams.openai.control.lastRequest!)).toBe(results);
    expect(final.responseMessage.text).toBe(`From the search: ${results}`);
  });

  it('does not offer a tool the user has not installed and the operator has not set up; the turn answers without it', async () => {
    chat.upstreams.openai.control.configure({ reply: 'No search today.' });
    const { frames } = await ask(['google']);
    const final = frames.at(-1)!.data;
    expect(final.responseMessage).toMatchObject({ error: false, text: 'No search today.' });
    expect(final.responseMessage.plugins ?? []).toEqual([]);
    expect(chat.upstreams.openai.control.lastRequest!.body.tools).toBeUndefined();
  });
});
