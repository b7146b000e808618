import { QueryClient } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { message } from '../../../test/chat-fixtures.js';
import { json, mockFetch } from '../../../test/mock-fetch.js';
import { controlledSseResponse, sseResponse } from '../../../test/sse-response.js';
import { NO_PARENT, type ChatMessage } from '../utils/chat-message.js';
import type { Scheduler } from '../utils/frame-batcher.js';
import { attachTurn } from './attach-turn.js';

// Progress is applied after each network chunk (frame-batcher.test.ts covers the batching itself).
const afterEachChunk: Scheduler = (callback) => {
  let cancelled = false;
  queueMicrotask(() => cancelled || callback());
  return () => {
    cancelled = true;
  };
};
const progress = (text: string) => ({ data: { message: true, text, initial: false, messageId: 'a1', parentMessageId: 'u1', conversationId: 'c1', sender: 'ChatGPT' } });

function setUp(stored: ChatMessage[]) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(['messages', 'c1'], stored);
  const invalidated = vi.spyOn(queryClient, 'invalidateQueries');
  const onSettled = vi.fn();
  const list = () => queryClient.getQueryData<ChatMessage[]>(['messages', 'c1']) ?? [];
  const messagesRefetched = () => invalidated.mock.calls.some(([filters]) => JSON.stringify(filters?.queryKey) === JSON.stringify(['messages', 'c1']));
  return { queryClient, onSettled, list, messagesRefetched };
}

describe('attachTurn (re-attach to a reply that streams)', () => {
  it('shows the reply so far, then the rest, then the stored reply from final', async () => {
    const u1 = message('u1', null, { text: 'Hi' });
    const a1 = message('a1', 'u1', { text: 'Hello there, Ada.', unfinished: false });
    const texts: string[] = [];
    const { queryClient, onSettled, list } = setUp([u1]);
    queryClient.getQueryCache().subscribe(() => {
      const reply = list().find((entry) => entry.messageId === 'a1');
      if (reply && texts.at(-1) !== reply.text) texts.push(reply.text);
    });
    const { requests } = mockFetch({
      'GET /api/ask/stream/c1': () =>
        sseResponse([{ data: { created: true, message: u1 } }, progress('Hello'), progress('Hello there'), { data: { final: true, conversation: null, title: 'New Chat', requestMessage: u1, responseMessage: a1 } }]),
    });
    const handle = attachTurn('c1', { queryClient, endpoint: 'openAI', onSettled, scheduler: afterEachChunk });
    await handle.done;
    expect(requests.at(-1)).toMatchObject({ method: 'GET', url: '/api/ask/stream/c1' });
    expect(texts).toEqual(['Hello', 'Hello there', 'Hello there, Ada.']);
    expect(list().map((entry) => [entry.messageId, entry.unfinished])).toEqual([['u1', false], ['a1', false]]);
    expect(onSettled).toHaveBeenCalledTimes(1);
  });

  it('a 404 (nothing streams any more) settles quietly: nothing changes, nothing is read again', async () => {
    const u1 = message('u1', null, { text: 'Hi' });
    const { queryClient, onSettled, list, messagesRefetched } = setUp([u1]);
    mockFetch({ 'GET /api/ask/stream/c1': () => json(404, { code: 'not_found', message: 'No reply is being written in this conversation' }) });
    await attachTurn('c1', { queryClient, endpoint: 'openAI', onSettled, scheduler: afterEachChunk }).done;
    expect(list()).toEqual([u1]);
    expect(onSettled).toHaveBeenCalledTimes(1);
    expect(messagesRefetched()).toBe(false);
  });

  it('an error frame becomes the reply; a stream cut without final reads the messages again', async () => {
    const u1 = message('u1', null, { text: 'Hi' });
    const failed = setUp([u1]);
    mockFetch({
      'GET /api/ask/stream/c1': () =>
        sseResponse([progress('Hel'), { event: 'error', data: { messageId: 'a1', parentMessageId: 'u1', conversationId: 'c1', sender: 'ChatGPT', text: 'The provider failed', error: true, final: true, unfinished: false, isCreatedByUser: false } }]),
    });
    await attachTurn('c1', { queryClient: failed.queryClient, endpoint: 'openAI', onSettled: failed.onSettled, scheduler: afterEachChunk }).done;
    expect(failed.list().find((entry) => entry.messageId === 'a1')).toMatchObject({ error: true, text: 'The provider failed', parentMessageId: 'u1' });

    const cut = setUp([u1]);
    mockFetch({ 'GET /api/ask/stream/c1': () => sseResponse([progress('Hel')]) });
    await attachTurn('c1', { queryClient: cut.queryClient, endpoint: 'openAI', onSettled: cut.onSettled, scheduler: afterEachChunk }).done;
    expect(cut.messagesRefetched()).toBe(true);
  });

  describe('an assistants run', () => {
    const ids = { conversationId: 'c1', thread_id: 'thread_1' };
    const sync = (u1: ChatMessage) => ({ data: { sync: true, conversationId: 'c1', requestMessage: { ...u1, thread_id: 'thread_1' }, responseMessage: { messageId: 'a1', parentMessageId: 'u1', assistant_id: 'asst_1', model: 'asst_1', ...ids } } });
    const text = (index: number, value: string) => ({ data: { type: 'text', index, messageId: 'a1', text: value, message: true, ...ids } });
    const call = (progress: number, output: string | null) => ({ data: { type: 'tool_call', index: 1, messageId: 'a1', tool_call: { id: 'call_1', type: 'function', progress, function: { name: 'calculator', arguments: '{"input":"6*7"}', output } }, ...ids } });

    it('sets each content part of the reply from sync on, then takes the stored conversation from final', async () => {
      const u1 = message('u1', null, { text: 'What is 6 times 7?', endpoint: 'assistants' });
      const a1 = message('a1', 'u1', { text: 'Let me compute.\n\nIt is 42.', endpoint: 'assistants', unfinished: false });
      const { queryClient, onSettled, list } = setUp([u1]);
      const shown: string[] = [];
      queryClient.getQueryCache().subscribe(() => {
        const reply = list().find((entry) => entry.messageId === 'a1');
        const parts = JSON.stringify(reply?.content?.map((part) => (part && typeof part === 'object' && 'type' in part ? part.type : null)));
        if (reply && shown.at(-1) !== `${parts} ${reply.text}`) shown.push(`${parts} ${reply.text}`);
      });
      mockFetch({
        'GET /api/ask/stream/c1': () =>
          sseResponse([sync(u1), text(0, 'Let me compute.'), call(0.01, null), call(1, '42'), text(2, 'It is'), text(2, 'It is 42.'), { data: { final: true, conversation: null, title: 'New Chat', requestMessage: u1, responseMessage: a1, runMessages: [u1, a1] } }]),
      });
      await attachTurn('c1', { queryClient, endpoint: 'assistants', onSettled, scheduler: afterEachChunk }).done;
      expect(shown).toEqual([
        '["text"] Let me compute.',
        '["text","tool_call"] Let me compute.',
        '["text","tool_call","text"] Let me compute.\n\nIt is',
        '["text","tool_call","text"] Let me compute.\n\nIt is 42.',
        'undefined Let me compute.\n\nIt is 42.',
      ]);
      expect(list().map((entry) => [entry.messageId, entry.parentMessageId, entry.unfinished])).toEqual([['u1', NO_PARENT, false], ['a1', 'u1', false]]);
      expect(onSettled).toHaveBeenCalledTimes(1);
    });

    it("Stop asks the assistants abort by `<conversationId>:<reply id>` and keeps the run's final answer", async () => {
      const u1 = message('u1', null, { text: 'Tell a story', endpoint: 'assistants' });
      const a1 = message('a1', 'u1', { text: 'Once upon', endpoint: 'assistants', unfinished: false, finish_reason: 'incomplete' });
      const { queryClient, onSettled, list } = setUp([u1]);
      let live: ReturnType<typeof controlledSseResponse> | undefined;
      const { requests, fetchMock } = mockFetch({
        'GET /api/ask/stream/c1': () => {
          live = controlledSseResponse();
          return live.response;
        },
        'POST /api/assistants/chat/abort': () => json(200, { final: true, conversation: null, title: 'New Chat', requestMessage: u1, responseMessage: a1, runMessages: [u1, a1] }),
      });
      const handle = attachTurn('c1', { queryClient, endpoint: 'assistants', onSettled, scheduler: afterEachChunk });
      await waitFor(() => expect(live).toBeDefined());
      // The server's side of the closed connection: the watcher's stream ends.
      fetchMock.mock.calls[0]![1]!.signal!.addEventListener('abort', () => live!.close());
      live!.send(sync(u1));
      live!.send(text(0, 'Once'));
      await waitFor(() => expect(list().find((entry) => entry.messageId === 'a1')?.text).toBe('Once'));
      await handle.stop();
      expect(requests.find((request) => request.method === 'POST')).toMatchObject({ url: '/api/assistants/chat/abort', body: { abortKey: 'c1:a1', endpoint: 'assistants' } });
      expect(list().find((entry) => entry.messageId === 'a1')).toMatchObject({ text: 'Once upon', finish_reason: 'incomplete' });
      expect(onSettled).toHaveBeenCalledTimes(1);
    });
  });
});
