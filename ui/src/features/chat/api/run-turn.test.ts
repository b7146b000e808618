import { QueryClient } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createLocalize } from '../../../lib/i18n/localize.js';
import { enUS } from '../../../locales/index.js';
import { message } from '../../../test/chat-fixtures.js';
import { mockFetch } from '../../../test/mock-fetch.js';
import { controlledSseResponse, sseResponse } from '../../../test/sse-response.js';
import type { ChatMessage } from '../utils/chat-message.js';
import type { Scheduler } from '../utils/frame-batcher.js';
import { planAsk } from '../utils/turn-plan.js';
import { runTurn } from './run-turn.js';

const NO_PARENT = '00000000-0000-0000-0000-000000000000';
const localize = createLocalize(enUS);

function manualScheduler() {
  let queue: Array<() => void> = [];
  const schedule: Scheduler = (callback) => {
    queue.push(callback);
    return () => {
      queue = queue.filter((entry) => entry !== callback);
    };
  };
  return { schedule, tick: () => queue.splice(0).forEach((callback) => callback()) };
}

const progress = (text: string) => ({ data: { message: true, text, initial: false, messageId: 'a1', parentMessageId: 'u1', conversationId: 'c1', sender: 'ChatGPT' } });

function setUp() {
  const queryClient = new QueryClient();
  const writes = vi.spyOn(queryClient, 'setQueryData');
  const messageWrites = () => writes.mock.calls.filter(([key]) => Array.isArray(key) && key[0] === 'messages').length;
  const plan = planAsk({ conversationId: 'c1', messages: [], setup: { endpoint: 'openAI', model: 'gpt-4o-mini' } }, 'Hi', NO_PARENT)!;
  const frames = manualScheduler();
  const onSettled = vi.fn();
  return { queryClient, plan, frames, onSettled, messageWrites, list: () => queryClient.getQueryData<ChatMessage[]>(['messages', 'c1']) ?? [] };
}

describe('runTurn frame batching', () => {
  it('never writes the cache per frame: 200 frames in one read become one write, superseded by final', async () => {
    const { queryClient, plan, frames, onSettled, messageWrites, list } = setUp();
    const u1 = message('u1', null, { text: 'Hi' });
    const a1 = message('a1', 'u1', { text: 'x'.repeat(200) });
    mockFetch({
      'POST /api/ask/openAI': () =>
        sseResponse(
          [
            { data: { created: true, message: u1 } },
            ...Array.from({ length: 200 }, (_, index) => progress('x'.repeat(index + 1))),
            { data: { final: true, conversation: null, title: 'New Chat', requestMessage: u1, responseMessage: a1 } },
          ],
          4096,
        ),
    });
    const turn = runTurn(plan, { queryClient, localize, onSettled, scheduler: frames.schedule });
    await turn.done;
    // Optimistic pair, created, final: the progress frames were coalesced into one pending value.
    expect(messageWrites()).toBe(3);
    expect(list().map((entry) => entry.messageId)).toEqual(['u1', 'a1']);
    expect(onSettled).toHaveBeenCalledTimes(1);
  });

  it('applies the newest progress frame once per animation frame, and flushes it before final', async () => {
    const { queryClient, plan, frames, onSettled, messageWrites, list } = setUp();
    const u1 = message('u1', null, { text: 'Hi' });
    let live: ReturnType<typeof controlledSseResponse> | undefined;
    mockFetch({
      'POST /api/ask/openAI': () => {
        live = controlledSseResponse();
        return live.response;
      },
    });
    const turn = runTurn(plan, { queryClient, localize, onSettled, scheduler: frames.schedule });
    await waitFor(() => expect(live).toBeDefined());
    live!.send({ data: { created: true, message: u1 } });
    for (const text of ['O', 'On', 'Onc', 'Once']) live!.send(progress(text));
    await waitFor(() => expect(list().some((entry) => entry.messageId === 'u1')).toBe(true));
    const afterCreated = messageWrites();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(messageWrites()).toBe(afterCreated);

    frames.tick();
    expect(messageWrites()).toBe(afterCreated + 1);
    expect(list().at(-1)?.text).toBe('Once');

    live!.send(progress('Once upon'));
    live!.send({ event: 'error', data: { text: 'upstream hiccup', error: true, messageId: 'a1', conversationId: 'c1', parentMessageId: 'u1' } });
    live!.close();
    await turn.done;
    expect(list().at(-1)).toMatchObject({ messageId: 'a1', error: true, text: 'upstream hiccup', parentMessageId: 'u1' });
    expect(onSettled).toHaveBeenCalledTimes(1);
  });
});
