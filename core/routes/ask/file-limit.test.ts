import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildChatTestServer, type ChatTestContext } from '../../../testing/build-chat-test-server.js';
import { clientUpload, multipartBody } from '../../../testing/multipart-body.js';
import { NO_PARENT } from '../../chat/message-tree.js';

let chat: ChatTestContext;
let folder: string;
beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'chatbox-file-limit-'));
});
afterEach(async () => {
  await chat?.close();
  rmSync(folder, { recursive: true, force: true });
});

async function uploadText(name: string): Promise<{ file_id: string; filepath: string; type: string }> {
  const { payload, headers } = await multipartBody(clientUpload({ content: `notes of ${name}`, fileName: name, type: 'text/plain' }));
  const response = await chat.app.inject({ method: 'POST', url: '/api/files', payload, headers: { ...headers, authorization: `Bearer ${chat.token}` } });
  expect(response.statusCode).toBe(200);
  return response.json();
}

const chatRequests = () => chat.upstreams.openai.control.requests.filter((request) => request.method === 'POST');

describe('the per-message file limit on the chat request', () => {
  it("answers a 400 with the spec's text for more files than the endpoint's fileLimit, before any model call", async () => {
    const configPath = join(folder, 'librechat.yaml');
    writeFileSync(configPath, 'version: 1.0.6\nfileConfig:\n  endpoints:\n    openAI:\n      fileLimit: 1\n');
    chat = await buildChatTestServer({ configPath, env: { TITLE_CONVO: 'false' } });
    chat.upstreams.openai.control.configure({ reply: 'Read them.' });
    const first = await uploadText('a.txt');
    const second = await uploadText('b.txt');
    const turn = (files: unknown[]) => ({ text: 'Summarise these', model: 'gpt-4o-mini', endpoint: 'openAI', conversationId: null, parentMessageId: NO_PARENT, files });

    const refused = await chat.ask(turn([first, second]));

    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.body)).toMatchObject({ message: 'You can only upload up to 1 files at a time.' });
    expect(chatRequests()).toHaveLength(0);

    // The same file twice is one file; one file is within the limit.
    const accepted = await chat.ask(turn([first, first]));
    expect(accepted.status).toBe(200);
    expect(accepted.frames.at(-1)!.data.final).toBe(true);
    expect(chatRequests()).toHaveLength(1);
  });
});
