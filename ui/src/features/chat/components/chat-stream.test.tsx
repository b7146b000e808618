import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { message } from '../../../test/chat-fixtures.js';
import { mockChatServer, testConversation } from '../../../test/chat-server.js';
import { deferred, json, testUser } from '../../../test/mock-fetch.js';
import { currentPath, renderApp } from '../../../test/render-app.js';
import { controlledSseResponse, sseResponse } from '../../../test/sse-response.js';
import { stubVirtualLayout } from '../../../test/virtual-layout.js';

const NO_PARENT = '00000000-0000-0000-0000-000000000000';
const replies = () => within(screen.getByRole('log', { name: 'Messages' })).queryAllByRole('article', { name: 'ChatGPT' });
const composer = () => screen.getByRole('textbox', { name: 'Message' });

async function openChat(path: string) {
  const app = renderApp(path);
  await waitFor(() => expect(composer()).toBeEnabled(), { timeout: 5000 });
  return app;
}

describe('streaming a turn', () => {
  beforeEach(() => stubVirtualLayout());

  it('shows the turn at once, folds split frames, moves /c/new to the new id without refetching, then fetches the title', async () => {
    const user1 = message('srv-u1', null, { conversationId: 'c9', text: 'Hello there' });
    const reply = message('srv-a1', 'srv-u1', { conversationId: 'c9', text: 'Hello **world**' });
    const stream = deferred<Response>();
    const { callsTo } = mockChatServer([], {
      'POST /api/ask/openAI': () => stream.promise,
      'POST /api/convos/gen_title': () => json(200, { title: 'Greetings' }),
    });
    const { user, router } = await openChat('/c/new');

    await user.type(composer(), 'Hello there{Enter}');
    // Before the server answers: the question, an empty reply and the stop button.
    expect(await screen.findByText('Hello there')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Stop generating' })).toBeInTheDocument();
    expect(callsTo('POST', '/api/ask/openAI')[0].body).toMatchObject({
      text: 'Hello there',
      conversationId: null,
      parentMessageId: NO_PARENT,
      endpoint: 'openAI',
      model: 'gpt-4o-mini',
    });

    stream.resolve(
      sseResponse(
        [
          { data: { created: true, message: user1 } },
          { data: { message: true, text: 'Hel', initial: true, messageId: 'srv-a1', parentMessageId: 'srv-u1', conversationId: 'c9', sender: 'ChatGPT' } },
          { data: { message: true, text: 'Hello **wor', initial: false, messageId: 'srv-a1', parentMessageId: 'srv-u1', conversationId: 'c9', sender: 'ChatGPT' } },
          { data: { final: true, conversation: testConversation({ conversationId: 'c9', title: 'New Chat' }), title: 'New Chat', requestMessage: user1, responseMessage: reply } },
        ],
        5,
      ),
    );
    await waitFor(() => expect(currentPath(router)).toBe('/c/c9'));
    await waitFor(() => expect(replies().at(-1)).toHaveTextContent('Hello world'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send message' })).toBeInTheDocument());
    expect(callsTo('GET', '/api/messages/c9')).toHaveLength(0);

    // 2.5 s after the final frame of a new conversation.
    await waitFor(() => expect(callsTo('POST', '/api/convos/gen_title')).toHaveLength(1), { timeout: 4000 });
    expect(callsTo('POST', '/api/convos/gen_title')[0].body).toEqual({ conversationId: 'c9' });
    await waitFor(() => expect(document.title).toBe('Greetings'));
  }, 15_000);

  it('stops: posts the abort with the conversation id and shows the saved partial reply as unfinished', async () => {
    const u1 = message('u1', null, { text: 'Tell me a long story' });
    let live: ReturnType<typeof controlledSseResponse> | undefined;
    const partial = message('a1', 'u1', { text: 'Once upon a time', unfinished: true, finish_reason: 'incomplete' });
    const { callsTo, fetchMock } = mockChatServer([], {
      'GET /api/messages/c1': () => json(200, []),
      'POST /api/ask/openAI': () => {
        const signal = (fetchMock.mock.calls.at(-1)?.[1] as RequestInit).signal;
        live = controlledSseResponse(signal);
        return live.response;
      },
      'POST /api/ask/openAI/abort': () =>
        json(200, { final: true, conversation: testConversation(), title: 'Tea ceremony', requestMessage: u1, responseMessage: partial }),
    });
    const { user } = await openChat('/c/c1');
    await user.type(composer(), 'Tell me a long story{Enter}');
    await waitFor(() => expect(live).toBeDefined());
    live!.send({ data: { created: true, message: u1 } });
    live!.send({ data: { message: true, text: 'Once upon a time', initial: true, messageId: 'a1', parentMessageId: 'u1', conversationId: 'c1', sender: 'ChatGPT' } });
    await waitFor(() => expect(replies().at(-1)).toHaveTextContent('Once upon a time'));

    await user.click(screen.getByRole('button', { name: 'Stop generating' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send message' })).toBeInTheDocument());
    expect(callsTo('POST', '/api/ask/openAI/abort')[0].body).toEqual({ abortKey: 'c1', endpoint: 'openAI' });
    expect(await within(replies().at(-1)!).findByText(/The response is incomplete/)).toBeInTheDocument();
    expect(within(replies().at(-1)!).getByRole('button', { name: 'Continue' })).toBeInTheDocument();
    expect(composer()).toBeDisabled();
  });

  it('keeps a long partial reply when the abort call fails, and reloads when nothing was running', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const u1 = message('u1', null, { text: 'Go' });
    let live: ReturnType<typeof controlledSseResponse> | undefined;
    let abortStatus = 500;
    const { callsTo, fetchMock } = mockChatServer([], {
      'GET /api/messages/c1': () => json(200, []),
      'POST /api/ask/openAI': () => {
        live = controlledSseResponse((fetchMock.mock.calls.at(-1)?.[1] as RequestInit).signal);
        return live.response;
      },
      'POST /api/ask/openAI/abort': () => (abortStatus === 404 ? json(404, { message: 'No reply is being generated for this conversation', code: 'not_found' }) : json(500, { message: 'boom' })),
    });
    const { user } = await openChat('/c/c1');
    await user.type(composer(), 'Go{Enter}');
    await waitFor(() => expect(live).toBeDefined());
    live!.send({ data: { created: true, message: u1 } });
    const long = 'This partial reply is clearly longer than forty-five characters.';
    live!.send({ data: { message: true, text: long, initial: true, messageId: 'a1', parentMessageId: 'u1', conversationId: 'c1', sender: 'ChatGPT' } });
    await waitFor(() => expect(replies().at(-1)).toHaveTextContent(long));
    await user.click(screen.getByRole('button', { name: 'Stop generating' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send message' })).toBeInTheDocument());
    expect(replies().at(-1)).toHaveTextContent(long);

    // 404: nothing was running any more; the list is read again from the server.
    abortStatus = 404;
    const loadsBefore = callsTo('GET', '/api/messages/c1').length;
    // The list renders deferred: the reply's actions show once it has caught up with the stop.
    const regenerate = await waitFor(() => within(replies().at(-1)!).getByRole('button', { name: 'Regenerate' }));
    await user.click(regenerate);
    await waitFor(() => expect(callsTo('POST', '/api/ask/openAI')).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Stop generating' }));
    await waitFor(() => expect(callsTo('GET', '/api/messages/c1').length).toBeGreaterThan(loadsBefore));
  });

  it('refreshes the session once on a 401 and starts the same request again', async () => {
    const u1 = message('u1', null, { conversationId: 'c1', text: 'Hi' });
    const a1 = message('a1', 'u1', { conversationId: 'c1', text: 'Fresh token, fresh reply.' });
    let asks = 0;
    const { callsTo } = mockChatServer([], {
      'GET /api/messages/c1': () => json(200, []),
      'POST /api/ask/openAI': () => {
        asks += 1;
        if (asks === 1) return json(401, { message: 'Unauthorized', code: 'unauthorized' });
        return sseResponse([
          { data: { created: true, message: u1 } },
          { data: { final: true, conversation: testConversation(), title: 'Tea ceremony', requestMessage: u1, responseMessage: a1 } },
        ]);
      },
    });
    const { user } = await openChat('/c/c1');
    // The refresh after the 401 hands out a new token.
    mockRefreshToken('tok2');
    await user.type(composer(), 'Hi{Enter}');
    await waitFor(() => expect(replies().at(-1)).toHaveTextContent('Fresh token, fresh reply.'));
    const calls = callsTo('POST', '/api/ask/openAI');
    expect(calls).toHaveLength(2);
    expect(calls[0].headers.Authorization).toBe('Bearer tok');
    expect(calls[1].headers.Authorization).toBe('Bearer tok2');
  });

  it('shows an error frame as the error box and keeps the question', async () => {
    mockChatServer([], {
      'GET /api/messages/c1': () => json(200, []),
      'POST /api/ask/openAI': () =>
        sseResponse([{ event: 'error', data: { text: '{"type":"concurrent","limit":2}', error: true, final: true, messageId: 'x1', conversationId: 'c1', parentMessageId: 'srv' } }]),
    });
    const { user } = await openChat('/c/c1');
    await user.type(composer(), 'Too fast{Enter}');
    expect(await screen.findByText(/Only 2 message\(s\) at a time/)).toBeInTheDocument();
    expect(screen.getByText('Too fast')).toBeInTheDocument();
    expect(within(replies().at(-1)!).getByRole('img', { name: 'Error' })).toBeInTheDocument();
  });
});

/** The next POST /api/auth/refresh answers a new token (the first one restored the session). */
function mockRefreshToken(token: string) {
  const fetchMock = globalThis.fetch as unknown as { getMockImplementation(): ((...args: unknown[]) => Promise<Response>) | undefined; mockImplementation(fn: (...args: unknown[]) => Promise<Response>): void };
  const previous = fetchMock.getMockImplementation()!;
  fetchMock.mockImplementation(async (input: unknown, init?: unknown) => {
    if (String(input).startsWith('/api/auth/refresh')) return json(200, { token, user: testUser });
    return previous(input, init);
  });
}
