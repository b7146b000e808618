import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildChatTestServer, type ChatTestContext } from '../../../testing/build-chat-test-server.js';
import { clientUpload, multipartBody } from '../../../testing/multipart-body.js';
import { startRagApiDouble, type RagApiDouble } from '../../../testing/rag-api-double/index.js';
import type { FakeUpstream } from '../../../testing/fake-upstreams/index.js';
import { NO_PARENT } from '../../chat/message-tree.js';

const secret = 'r'.repeat(64);
let rag: RagApiDouble;
let chat: ChatTestContext;
beforeAll(async () => {
  rag = await startRagApiDouble({ jwtSecret: secret });
});
afterAll(() => rag.close());
afterEach(async () => {
  await chat?.close();
});

const upload = (content: string, fileName: string) =>
  multipartBody(clientUpload({ content: new TextEncoder().encode(content), fileName, type: 'text/markdown' }, [['file_id', crypto.randomUUID()], ['endpoint', 'openAI']])).then(({ payload, headers }) =>
    chat.app.inject({ method: 'POST', url: '/api/files', payload, headers: { ...headers, authorization: `Bearer ${chat.token}` } }),
  );
const systemOf = (upstream: FakeUpstream): string => {
  const messages: Array<{ role: string; content: string }> = upstream.control.requests.filter((request) => request.method === 'POST').at(-1)!.body.messages;
  return messages.find((message) => message.role === 'system')?.content ?? '';
};

describe('documents through LibreChat’s RAG API (RAG_API_URL)', () => {
  it('embeds an upload for its owner, answers a turn from the passages the API finds, and removes it on delete', async () => {
    chat = await buildChatTestServer({ env: { TITLE_CONVO: 'false', JWT_SECRET: secret, RAG_API_URL: rag.url } });
    const response = await upload('Spring tides follow the full and the new moon.\n\nNeap tides come at the quarters.', 'tides.md');
    expect(response.statusCode, response.body).toBe(200);
    const file = response.json<{ file_id: string; filepath: string; type: string; embedded: boolean }>();
    expect(file.embedded).toBe(true);
    expect(rag.embeds.at(-1)).toMatchObject({ fileId: file.file_id, fileName: 'tides.md', userId: chat.userId });

    await chat.ask({ text: 'When are spring tides?', conversationId: null, parentMessageId: NO_PARENT, model: 'gpt-4o-mini', endpoint: 'openAI', files: [{ file_id: file.file_id, filepath: file.filepath, type: file.type }] });
    expect(rag.requests).toContain('POST /query');
    const system = systemOf(chat.upstreams.openai);
    expect(system).toContain('<filename>tides.md</filename>');
    expect(system).toContain('Spring tides follow the full and the new moon.');

    const removed = await chat.app.inject({ method: 'DELETE', url: '/api/files', payload: { files: [{ file_id: file.file_id, filepath: file.filepath }] }, headers: { authorization: `Bearer ${chat.token}` } });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(rag.requests).toContain('DELETE /documents');
    expect(rag.store.of(chat.userId, file.file_id)).toEqual([]);
  });

  it('answers 503 while the RAG API is down and keeps nothing of the upload', async () => {
    chat = await buildChatTestServer({ env: { TITLE_CONVO: 'false', JWT_SECRET: secret, RAG_API_URL: rag.url } });
    await rag.stop();
    try {
      const response = await upload('Anything at all.', 'down.md');
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ code: 'rag_api_unavailable' });
      const listed = await chat.app.inject({ method: 'GET', url: '/api/files', headers: { authorization: `Bearer ${chat.token}` } });
      expect(listed.json()).toEqual([]);
    } finally {
      await rag.start();
    }
  });
});
