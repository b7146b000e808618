/**
 * Fake model providers for tests and benchmarks: loopback HTTP servers speaking each provider's real
 * wire format closely enough for the official SDKs, scriptable per test, recording every request.
 */
import { startFakeAnthropic } from './anthropic.js';
import { startFakeAzureOpenAI } from './azure-openai.js';
import { fakeBingSources, startFakeBing } from './bing.js';
import { startFakeChatGPTBrowser } from './chatgpt-browser.js';
import type { FakeUpstream } from './fake-server.js';
import { startFakeGoogle } from './google.js';
import { startFakeOpenAI } from './openai.js';

export { FakeControl } from './control.js';
export type { ExchangeOutcome, FakeFailure, FakeReplay, FakeScript, FakeToolCall, FakeUsage, RecordedRequest } from './control.js';
export { closedPortUrl, startFakeServer } from './fake-server.js';
export type { FakeExchange, FakeHandler, FakeUpstream, RawFakeHandler } from './fake-server.js';
export type { FakeOpenAIUpstream } from './openai.js';
export { FakeOpenAIFiles, type FakeOpenAIFile } from './openai-files.js';
export { fakeBingSources, startFakeAnthropic, startFakeAzureOpenAI, startFakeBing, startFakeChatGPTBrowser, startFakeGoogle, startFakeOpenAI };

/** All the fakes, one port each (OpenAI and Anthropic both own `GET /v1/models`). */
export interface FakeUpstreams {
  /** Base URL for the SDK: `${openai.url}/v1`. Also serves OpenAI-compatible custom endpoints. */
  openai: FakeUpstream;
  /** Group baseURL: `${azure.url}/openai/deployments/${DEPLOYMENT_NAME}`. */
  azure: FakeUpstream;
  /** Base URL for the SDK: `anthropic.url`. */
  anthropic: FakeUpstream;
  /** `requestOptions.baseUrl`: `google.url`. */
  google: FakeUpstream;
  /** BINGAI_HOST: conversation creation and the ChatHub websocket (`fakeLegacyEnv` points the socket here too). */
  bing: FakeUpstream;
  /** CHATGPT_REVERSE_PROXY: `${chatgptBrowser.url}/backend-api/conversation`. */
  chatgptBrowser: FakeUpstream;
  /** Resets every fake's script, queues and recorded requests. */
  reset(): void;
  close(): Promise<void>;
}

/** Random ports by default; with `basePort`, OpenAI, Azure, Anthropic, Google, Bing and ChatGPT's backend on it and the next five. */
export async function startFakeUpstreams(options: { basePort?: number } = {}): Promise<FakeUpstreams> {
  const port = (offset: number) => (options.basePort ? options.basePort + offset : 0);
  const [openai, azure, anthropic, google, bing, chatgptBrowser] = await Promise.all([
    startFakeOpenAI(port(0)),
    startFakeAzureOpenAI(port(1)),
    startFakeAnthropic(port(2)),
    startFakeGoogle(port(3)),
    startFakeBing(port(4)),
    startFakeChatGPTBrowser(port(5)),
  ]);
  const all = [openai, azure, anthropic, google, bing, chatgptBrowser];
  return {
    openai,
    azure,
    anthropic,
    google,
    bing,
    chatgptBrowser,
    reset: () => all.forEach((upstream) => upstream.control.reset()),
    close: async () => {
      await Promise.all(all.map((upstream) => upstream.close()));
    },
  };
}
