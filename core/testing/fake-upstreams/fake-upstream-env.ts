import type { FakeUpstreams } from './index.js';

/** The environment that points chatbox's built-in endpoints at the fake upstreams. */
export function fakeUpstreamEnv(upstreams: Pick<FakeUpstreams, 'openai' | 'anthropic' | 'google'>): Record<string, string> {
  return {
    OPENAI_API_KEY: 'sk-fake-openai',
    OPENAI_REVERSE_PROXY: `${upstreams.openai.url}/v1`,
    OPENAI_MODELS: 'gpt-4o-mini,gpt-4o,gpt-3.5-turbo',
    ANTHROPIC_API_KEY: 'sk-ant-fake',
    ANTHROPIC_REVERSE_PROXY: upstreams.anthropic.url,
    ANTHROPIC_MODELS: 'claude-3-5-haiku-latest,claude-sonnet-4-5',
    GOOGLE_KEY: 'fake-google-key',
    GOOGLE_REVERSE_PROXY: upstreams.google.url,
    GOOGLE_MODELS: 'gemini-2.0-flash,gemini-1.5-pro',
  };
}
