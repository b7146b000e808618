import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { NO_PARENT } from '../../chat/message-tree.js';
import { buildChatTestServer, type ChatTestContext } from '../../../testing/build-chat-test-server.js';

let chat: ChatTestContext | undefined;
afterEach(async () => {
  await chat?.close();
  chat = undefined;
});

const withSpecs = async (enforce: boolean) => {
  const yaml = join(tmpdir(), `chatbox-specs-${process.pid}-${Math.random().toString(36).slice(2)}.yaml`);
  writeFileSync(yaml, [
    'version: 1.0.6',
    'modelSpecs:',
    `  enforce: ${enforce}`,
    '  list:',
    '    - name: "brief"',
    '      label: "Brief answers"',
    '      preset: { endpoint: "openAI", model: "gpt-4o", promptPrefix: "Be brief." }',
    '    - name: "claude"',
    '      label: "Claude"',
    '      preset: { endpoint: "anthropic" }',
  ].join('\n'));
  chat = await buildChatTestServer({ configPath: yaml });
  return chat;
};

const turn = (extra: Record<string, unknown>) => ({ text: 'Hello', conversationId: null, parentMessageId: NO_PARENT, ...extra });

describe('modelSpecs.enforce', () => {
  it('refuses, before anything is stored or sent upstream, an ask outside the specs', async () => {
    const context = await withSpecs(true);
    const offModel = await context.ask(turn({ endpoint: 'openAI', model: 'gpt-4o-mini' }));
    expect(offModel.status).toBe(403);
    expect(JSON.parse(offModel.body)).toMatchObject({ code: 'no_valid_spec', message: expect.stringContaining('No valid spec') });
    expect(JSON.parse(offModel.body).message).toContain('openAI / gpt-4o-mini');

    const offEndpoint = await context.ask(turn({ endpoint: 'google', model: 'gemini-1.5-flash' }), { endpoint: 'google' });
    expect(offEndpoint.status).toBe(403);

    // Naming a spec holds the ask to that spec: "brief" does not cover anthropic.
    const wrongSpec = await context.ask(turn({ endpoint: 'anthropic', model: 'claude-3-5-haiku-latest', spec: 'brief' }), { endpoint: 'anthropic' });
    expect(wrongSpec.status).toBe(403);
    expect(JSON.parse(wrongSpec.body).message).toContain('spec "brief"');

    expect(context.upstreams.openai.control.requests).toEqual([]);
    const conversations = await context.app.inject({ url: '/api/convos?pageNumber=1', headers: { authorization: `Bearer ${context.token}` } });
    expect(conversations.json().conversations).toEqual([]);
  });

  it('lets through an ask on a spec, named or not, and stores the spec on the conversation', async () => {
    const context = await withSpecs(true);
    context.upstreams.openai.control.configure({ reply: 'Short.' });
    const named = await context.ask(turn({ endpoint: 'openAI', model: 'gpt-4o', spec: 'brief', promptPrefix: 'Be brief.' }));
    expect(named.status).toBe(200);
    expect(named.frames.at(-1)!.data).toMatchObject({ final: true, conversation: { spec: 'brief', model: 'gpt-4o' } });
    // LibreChat v0.7.1's client sends no spec: the endpoint and model must still be a spec's.
    const unnamed = await context.ask(turn({ endpoint: 'openAI', model: 'gpt-4o' }));
    expect(unnamed.status).toBe(200);
    // A spec without a model allows any model of its endpoint.
    const anyModel = await context.ask(turn({ endpoint: 'anthropic', model: 'claude-3-5-haiku-latest', spec: 'claude' }), { endpoint: 'anthropic' });
    expect(anyModel.status).toBe(200);
  });

  it('leaves every endpoint open when enforce is off', async () => {
    const context = await withSpecs(false);
    const response = await context.ask(turn({ endpoint: 'openAI', model: 'gpt-4o-mini' }));
    expect(response.status).toBe(200);
    expect(response.frames.at(-1)!.data.final).toBe(true);
  });
});
