import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_PARENT } from '../chat/message-tree.js';
import { bearer, registerUser } from '../../testing/build-test-server.js';
import { buildChatTestServer, type ChatTestContext } from '../../testing/build-chat-test-server.js';
import { listRoutes } from '../../testing/route-table.js';
import { weatherSpecJson } from '../../testing/action-api/action-specs.js';
import { clientUpload, multipartBody } from '../../testing/multipart-body.js';

// Issue 15's attack suite, cross-user family: Bob uses Alice's ids on every route that takes an id.
// He gets 403 or 404, reads nothing of hers, and changes nothing of hers.
let chat: ChatTestContext;
let bob: { token: string };
const secret = 'alice-secret-4242';
const alice = { conversationId: '', userMessageId: '', replyMessageId: '', presetId: '', fileId: '', assistantId: '', actionId: '', shareId: '' };

beforeAll(async () => {
  // No background title: it would rename her conversation in the middle of the comparison.
  chat = await buildChatTestServer({ env: { TITLE_CONVO: 'false', ASSISTANTS_API_KEY: 'sk-fake-assistants', ASSISTANTS_MODELS: 'gpt-4o-mini' } });
  bob = await registerUser(chat.app);
  chat.upstreams.openai.control.configure({ reply: `a reply about ${secret}` });
  const { frames } = await chat.ask({ text: `my ${secret}`, conversationId: null, parentMessageId: NO_PARENT, model: 'gpt-4o-mini', endpoint: 'openAI' });
  const final = frames.at(-1)!.data;
  Object.assign(alice, { conversationId: final.conversation.conversationId, userMessageId: final.requestMessage.messageId, replyMessageId: final.responseMessage.messageId });
  await chat.app.inject({ method: 'POST', url: '/api/convos/update', headers: bearer(chat), payload: { arg: { conversationId: alice.conversationId, title: `title ${secret}` } } });
  const preset = await chat.app.inject({ method: 'POST', url: '/api/presets', headers: bearer(chat), payload: { title: `preset ${secret}`, endpoint: 'openAI', model: 'gpt-4o' } });
  alice.presetId = preset.json().presetId;
  const upload = await multipartBody(clientUpload({ content: `file ${secret}`, fileName: 'notes.txt', type: 'text/plain' }));
  alice.fileId = (await chat.app.inject({ method: 'POST', url: '/api/files', headers: { ...bearer(chat), ...upload.headers }, payload: upload.payload })).json().file_id;
  const assistant = await chat.app.inject({ method: 'POST', url: '/api/assistants', headers: bearer(chat), payload: { name: `assistant ${secret}`, instructions: `keep ${secret}`, model: 'gpt-4o-mini', file_ids: [alice.fileId] } });
  alice.assistantId = assistant.json().id;
  // Saving an action only parses its spec: the API it describes is never called here.
  const saved = await chat.app.inject({ method: 'POST', url: `/api/assistants/actions/${alice.assistantId}`, headers: bearer(chat), payload: { model: 'gpt-4o-mini', functions: [], metadata: { raw_spec: weatherSpecJson('https://api.example.com'), privacy_policy_url: `https://example.com/${secret}` } } });
  alice.actionId = saved.json()[2].action_id;
  alice.shareId = (await chat.app.inject({ method: 'POST', url: `/api/share/${alice.conversationId}`, headers: bearer(chat) })).json().shareId;
});
afterAll(async () => {
  await chat?.close();
});

/** Everything of Alice's that an attempt could read or change. */
const aliceSnapshot = async () => {
  const read = async (url: string) => (await chat.app.inject({ url, headers: bearer(chat) })).json();
  const file = (await chat.app.inject({ url: `/api/files/download/${chat.userId}/${alice.fileId}`, headers: bearer(chat) })).body;
  return {
    conversation: await read(`/api/convos/${alice.conversationId}`), messages: await read(`/api/messages/${alice.conversationId}`), presets: await read('/api/presets'), files: await read('/api/files'), file,
    assistant: await read(`/api/assistants/${alice.assistantId}`), actions: await read('/api/assistants/actions'),
  };
};

const idFor = (param: string) => {
  if (param === 'conversationId') return alice.conversationId;
  if (param === 'messageId') return alice.replyMessageId;
  if (param === 'presetId') return alice.presetId;
  if (param === 'fileId') return alice.fileId;
  if (param === 'id' || param === 'assistant_id') return alice.assistantId;
  if (param === 'action_id') return alice.actionId;
  if (param === 'userId') return chat.userId;
  if (param === 'shareId') return alice.shareId;
  // Her link's images are as open as the link (exempt below); under any other path an image id finds nothing.
  if (param === 'imageId') return '5b0c4f5e-7f6a-4c1e-9d2b-3a4e5f607182';
  throw new Error(`no id of Alice's for the route parameter :${param}: add it here`);
};
/** Routes whose id is a capability: a shared link is for anyone who has it, by design. */
const openToAnyoneWithTheLink = new Set(['GET /api/share/:shareId', 'GET /api/share/:shareId/images/:imageId']);
// Bodies a route needs to get past validation to its ownership check.
const bodies: Record<string, unknown> = {
  PUT: { text: `overwritten by bob` },
  'POST /api/assistants/actions/:assistant_id': { model: 'gpt-4o-mini', functions: [], metadata: { raw_spec: weatherSpecJson('https://api.example.com') } },
};

describe('another user’s ids', () => {
  it('are refused on every route with an id path parameter, and nothing leaks or changes', async () => {
    const before = await aliceSnapshot();
    expect(JSON.stringify(before)).toContain(secret);
    expect(before.file).toBe(`file ${secret}`);
    const routes = listRoutes(chat.app).filter((route) => route.params.some((param) => /id$/i.test(param)) && !openToAnyoneWithTheLink.has(`${route.method} ${route.url}`));
    expect(routes.length).toBeGreaterThanOrEqual(3);
    const answers: string[] = [];
    for (const route of routes) {
      const url = route.url.replace(/:(\w+)/g, (_whole, param: string) => (/id$/i.test(param) ? idFor(param) : 'openAI'));
      const response = await chat.app.inject({ method: route.method as 'GET', url, headers: bearer(bob), payload: (bodies[`${route.method} ${route.url}`] ?? bodies[route.method]) as object | undefined });
      answers.push(`${route.method} ${route.url} → ${response.statusCode}`);
      expect(response.body, `${route.method} ${route.url}`).not.toContain(secret);
      expect([403, 404], `${route.method} ${route.url} answered ${response.statusCode}`).toContain(response.statusCode);
    }
    expect(await aliceSnapshot()).toEqual(before);
  });

  it('in request bodies read nothing and change nothing of hers', async () => {
    const before = await aliceSnapshot();
    const upstreamBefore = chat.upstreams.openai.control.requests.length;
    const attempts: Array<{ method: 'POST' | 'PUT' | 'DELETE'; url: string; payload: Record<string, unknown> }> = [
      { method: 'POST', url: '/api/convos/update', payload: { arg: { conversationId: alice.conversationId, title: 'renamed by bob' } } },
      { method: 'POST', url: '/api/convos/gen_title', payload: { conversationId: alice.conversationId } },
      { method: 'POST', url: '/api/convos/clear', payload: { arg: { conversationId: alice.conversationId, source: 'button' } } },
      { method: 'POST', url: '/api/presets', payload: { presetId: alice.presetId, title: 'taken by bob', endpoint: 'openAI' } },
      { method: 'POST', url: '/api/presets/default', payload: { presetId: alice.presetId } },
      { method: 'POST', url: '/api/presets/delete', payload: { presetId: alice.presetId } },
      { method: 'DELETE', url: '/api/files', payload: { files: [{ file_id: alice.fileId, filepath: `/uploads/${chat.userId}/${alice.fileId}.txt`, source: 'local' }] } },
      { method: 'POST', url: '/api/ask/openAI/abort', payload: { abortKey: alice.conversationId } },
      { method: 'POST', url: '/api/assistants', payload: { model: 'gpt-4o-mini', file_ids: [alice.fileId] } },
      { method: 'POST', url: '/api/ask/openAI', payload: { text: 'continue hers', conversationId: alice.conversationId, parentMessageId: alice.replyMessageId, model: 'gpt-4o-mini', endpoint: 'openAI' } },
      { method: 'POST', url: '/api/edit/openAI', payload: { text: '', generation: 'x', conversationId: alice.conversationId, parentMessageId: alice.userMessageId, responseMessageId: alice.replyMessageId, model: 'gpt-4o-mini', endpoint: 'openAI' } },
    ];
    for (const attempt of attempts) {
      const response = await chat.app.inject({ ...attempt, headers: bearer(bob) });
      expect(response.statusCode, `${attempt.url}: ${response.body}`).toBeLessThan(500);
      expect(response.body, attempt.url).not.toContain(secret);
    }
    expect(await aliceSnapshot()).toEqual(before);
    // No request Bob caused carried her conversation upstream.
    expect(chat.upstreams.openai.control.requests.slice(upstreamBefore).filter((request) => JSON.stringify(request.body).includes(secret))).toEqual([]);
  });
});
