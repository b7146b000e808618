import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { message } from '../../../test/chat-fixtures.js';
import { json, mockFetch } from '../../../test/mock-fetch.js';
import { sseResponse } from '../../../test/sse-response.js';
import type { ChatMessage } from '../utils/chat-message.js';
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
});
