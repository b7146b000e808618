import { join } from 'node:path';
import { packageRoot } from '../../config/package-root.js';
import type { FakeUpstreams } from './index.js';

/**
 * The environment that points chatbox's built-in endpoints at the fake upstreams. FAKE_OPENAI_HOST
 * (`127.0.0.1:<port>`) is for a librechat.yaml `ssrf.allowedHosts` entry that lets users' own base
 * URLs reach the OpenAI fake on its loopback port.
 */
export function fakeUpstreamEnv(upstreams: Pick<FakeUpstreams, 'openai' | 'anthropic' | 'google'>): Record<string, string> {
  return {
    OPENAI_API_KEY: 'sk-fake-openai',
    OPENAI_REVERSE_PROXY: `${upstreams.openai.url}/v1`,
    FAKE_OPENAI_HOST: new URL(upstreams.openai.url).host,
    OPENAI_MODELS: 'gpt-4o-mini,gpt-4o,gpt-3.5-turbo',
    ANTHROPIC_API_KEY: 'sk-ant-fake',
    ANTHROPIC_REVERSE_PROXY: upstreams.anthropic.url,
    ANTHROPIC_MODELS: 'claude-3-5-haiku-latest,claude-sonnet-4-5',
    GOOGLE_KEY: 'fake-google-key',
    GOOGLE_REVERSE_PROXY: upstreams.google.url,
    GOOGLE_MODELS: 'gemini-2.0-flash,gemini-1.5-pro',
  };
}

/**
 * The environment that turns on the legacy endpoints (bingAI, chatGPTBrowser) against their fakes.
 * Kept apart from fakeUpstreamEnv: tests that count the endpoint menu's entries do not get two more.
 */
export function fakeLegacyEnv(upstreams: Pick<FakeUpstreams, 'bing' | 'chatgptBrowser'>): Record<string, string> {
  return {
    BINGAI_TOKEN: 'fake-bing-cookie',
    BINGAI_HOST: upstreams.bing.url,
    CHATGPT_TOKEN: 'fake-chatgpt-access-token',
    CHATGPT_REVERSE_PROXY: `${upstreams.chatgptBrowser.url}/backend-api/conversation`,
  };
}

/** The environment that turns on the assistants endpoint against the OpenAI fake, with a fixed model list. */
export function fakeAssistantsEnv(upstreams: Pick<FakeUpstreams, 'openai'>): Record<string, string> {
  return {
    ASSISTANTS_API_KEY: 'sk-fake-assistants',
    ASSISTANTS_BASE_URL: `${upstreams.openai.url}/v1`,
    ASSISTANTS_MODELS: 'gpt-4o,gpt-4o-mini',
  };
}

/** The example librechat.fake.yaml (Azure and custom endpoints) and the variables it reads. */
export function fakeLibrechatEnv(upstreams: Pick<FakeUpstreams, 'openai' | 'azure'>): Record<string, string> {
  return {
    CONFIG_PATH: join(packageRoot(), 'testing', 'fake-upstreams', 'librechat.fake.yaml'),
    FAKE_OPENAI_BASE_URL: `${upstreams.openai.url}/v1`,
    FAKE_AZURE_BASE_URL: `${upstreams.azure.url}/openai/deployments/gpt-4o`,
  };
}
