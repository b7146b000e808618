import { parseArgs } from 'node:util';
import { demoReply } from './demo-reply.js';
import { fakeLegacyEnv, fakeLibrechatEnv, fakeUpstreamEnv } from './fake-upstream-env.js';
import { startFakeUpstreams } from './index.js';

/**
 * `npm run fake-upstream`: the fake providers on loopback, replying with a demo answer at a
 * readable pace, plus the command that starts chatbox against them. For trying chatbox without an
 * API key; tests and benchmarks start their own.
 */
const { values } = parseArgs({ options: { port: { type: 'string', default: '3091' }, delay: { type: 'string', default: '15' } } });
const basePort = Number(values.port);
const upstreams = await startFakeUpstreams({ basePort });
for (const upstream of [upstreams.openai, upstreams.azure, upstreams.anthropic, upstreams.google, upstreams.bing, upstreams.chatgptBrowser]) {
  upstream.control.configure({ reply: demoReply, chunkSize: 4, delayMs: Number(values.delay), models: ['fake-model-a', 'fake-model-b'] });
}

const env = { ...fakeLibrechatEnv(upstreams), ...fakeUpstreamEnv(upstreams), ...fakeLegacyEnv(upstreams) };

console.log(`Fake upstreams listening on 127.0.0.1:
  OpenAI     ${upstreams.openai.url}/v1
  Azure      ${upstreams.azure.url}
  Anthropic  ${upstreams.anthropic.url}
  Google     ${upstreams.google.url}
  Bing       ${upstreams.bing.url}
  ChatGPT    ${upstreams.chatgptBrowser.url}/backend-api/conversation

Start chatbox against them from another terminal in this folder:

  ${Object.entries(env).map(([name, value]) => `${name}=${value}`).join(' \\\n  ')} \\
  npm start

Stop with Ctrl+C.`);

const stop = async () => {
  await upstreams.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
