import { afterAll, beforeAll, beforeEach } from 'vitest';
import { NO_PARENT } from '../core/chat/message-tree.js';
import type { ChatTestContext } from './build-chat-test-server.js';
import type { RecordedRequest } from './fake-upstreams/index.js';
import type { SseFrame } from './sse-frames.js';
import { testToolPlugins } from './test-tool-plugins.js';
import { buildChatTestServer } from './build-chat-test-server.js';

/**
 * Test fixture for the plugins endpoint (gptPlugins): a chat server whose PLUGIN_MODELS hold a
 * tool-calling model and one that cannot call tools (for the classic agent), the test tools, and
 * the ask body as LibreChat's client sends it (whole plugin objects in `tools`, `agentOptions`).
 */
export async function buildPluginsTestServer(): Promise<{ chat: ChatTestContext; tools: ReturnType<typeof testToolPlugins> }> {
  const tools = testToolPlugins();
  const chat = await buildChatTestServer({
    plugins: tools.plugins,
    env: { PLUGIN_MODELS: 'gpt-4o-mini,gpt-4o,gpt-3.5-turbo-instruct', TITLE_CONVO: 'false', LIMIT_MESSAGE_IP: 'false' },
  });
  return { chat, tools };
}

/** The plugins-endpoint server of a test file (see usePluginsTestServer). */
export interface PluginsTestServer {
  readonly chat: ChatTestContext;
  readonly tools: ReturnType<typeof testToolPlugins>;
}

/**
 * One plugins-endpoint server for a whole test file: built before its tests, closed after them, and
 * before each test the fake upstreams reset and the tools' call log emptied.
 */
export function usePluginsTestServer(): PluginsTestServer {
  let built: { chat: ChatTestContext; tools: ReturnType<typeof testToolPlugins> } | undefined;
  const current = () => {
    if (!built) throw new Error('the plugins test server is not built: use it inside a test or hook');
    return built;
  };
  beforeAll(async () => {
    built = await buildPluginsTestServer();
  });
  afterAll(() => built?.chat.close());
  beforeEach(() => {
    current().chat.upstreams.reset();
    current().tools.log.calls.length = 0;
  });
  return {
    get chat() {
      return current().chat;
    },
    get tools() {
      return current().tools;
    },
  };
}

/** A plugin as GET /api/plugins lists it and LibreChat's client puts it in `tools` (TPlugin). */
export const pluginObject = (pluginKey: string) => ({ name: pluginKey, pluginKey, description: `The ${pluginKey} tool`, icon: '/assets/tool.svg', authConfig: [] });

/** The body of a new gptPlugins chat, as LibreChat's client sends it. */
export function pluginsAsk(toolKeys: string[], agentOptions: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return {
    text: 'What is 6*7?', conversationId: null, parentMessageId: NO_PARENT, endpoint: 'gptPlugins', model: 'gpt-4o-mini', temperature: 0.8, top_p: 1,
    tools: toolKeys.map(pluginObject), agentOptions, ...extra,
  };
}

/** The progress frames (`message: true`) of a stream. */
export const progressFrames = (frames: SseFrame[]) => frames.filter((frame) => frame.event === 'message' && frame.data?.message === true).map((frame) => frame.data);

/** The text of the tool results an OpenAI chat request carries. */
export const toolResultsOf = (request: RecordedRequest): string[] => (request.body?.messages ?? []).filter((message: any) => message.role === 'tool').map((message: any) => String(message.content));

/** The text of an OpenAI chat message (string content or text parts). */
export const contentText = (message: any): string => (typeof message?.content === 'string' ? message.content : (message?.content ?? []).map((part: any) => part.text ?? '').join(''));
