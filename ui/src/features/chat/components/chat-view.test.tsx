import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { chain, message } from '../../../test/chat-fixtures.js';
import { mockChatServer } from '../../../test/chat-server.js';
import { deferred, json } from '../../../test/mock-fetch.js';
import { writeViewSetting } from '../../../lib/settings/view-settings.js';
import { renderApp } from '../../../test/render-app.js';
import { stubVirtualLayout } from '../../../test/virtual-layout.js';

const log = () => screen.getByRole('log', { name: 'Messages' });
const replies = () => within(log()).queryAllByRole('article', { name: 'ChatGPT' });

describe('chat screen', () => {
  // jsdom has no layout: give the virtual list a viewport, or it shows no rows at all.
  beforeEach(() => stubVirtualLayout({ viewport: 800, row: 100 }));

  it('shows the landing view for a new chat', async () => {
    mockChatServer();
    renderApp('/c/new');
    expect(await screen.findByText('How can I help you today?', {}, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Message' })).toBeEnabled());
  });

  it('opens a conversation on its newest branch and moves between versions with ‹ ›', async () => {
    const u1 = message('u1', null, { text: 'What is matcha?' });
    const a1 = message('a1', 'u1', { text: 'An older answer.' });
    const a1b = message('a1b', 'u1', { text: 'A **newer** answer.' });
    const { callsTo } = mockChatServer([u1, a1, a1b]);
    renderApp('/c/c1');

    expect(await screen.findByText('What is matcha?', {}, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => expect(replies()[0]).toHaveTextContent('A newer answer.'));
    const versions = within(replies()[0]).getByRole('group', { name: 'Version 2 of 2' });
    expect(within(versions).getByRole('button', { name: 'Next version' })).toBeDisabled();

    within(versions).getByRole('button', { name: 'Previous version' }).click();
    await waitFor(() => expect(replies()[0]).toHaveTextContent('An older answer.'));
    expect(within(replies()[0]).getByRole('group', { name: 'Version 1 of 2' })).toBeInTheDocument();
    expect(callsTo('GET', '/api/convos/c1')).toHaveLength(1);
    await waitFor(() => expect(document.title).toBe('Tea ceremony'));
  });

  it('renders a 2,000-message conversation with only the rows in view in the DOM', async () => {
    mockChatServer(chain(2000));
    renderApp('/c/c1');
    // Opens at the newest message.
    await waitFor(() => expect(screen.getByText('Message number 1999')).toBeInTheDocument(), { timeout: 8000 });
    const rows = () => log().querySelectorAll('article').length;
    expect(rows()).toBeGreaterThan(5);
    expect(rows()).toBeLessThan(40);

    const started = performance.now();
    // A user scroll (wheel first): the list stops holding on to the newest message.
    fireEvent.wheel(screen.getByTestId('message-scroller'));
    screen.getByTestId('message-scroller').scrollTo({ top: 0 });
    await waitFor(() => expect(screen.getByText('Message number 0')).toBeInTheDocument());
    expect(screen.queryByText('Message number 1999')).not.toBeInTheDocument();
    expect(rows()).toBeLessThan(40);
    expect(performance.now() - started).toBeLessThan(1000);
  }, 15_000);

  it('shows a new question at the end of a long conversation, with auto-scroll off too', async () => {
    writeViewSetting('autoScroll', false);
    mockChatServer(chain(200), { 'POST /api/ask/openAI': () => deferred<Response>().promise });
    const { user } = renderApp('/c/c1');
    // Auto-scroll off: the conversation opens at its first message.
    expect(await screen.findByText('Message number 0', {}, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Message' })).toBeEnabled());

    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'One more question{Enter}');
    expect(await screen.findByText('One more question')).toBeInTheDocument();
    expect(screen.queryByText('Message number 0')).not.toBeInTheDocument();
  });

  it('keeps Save to the text only, and Cancel changes nothing', async () => {
    const u1 = message('u1', null, { text: 'Original question' });
    const a1 = message('a1', 'u1', { text: 'Answer' });
    const { callsTo } = mockChatServer([u1, a1], {
      'PUT /api/messages/c1/u1': (request) => json(200, { ...u1, text: (request.body as { text: string }).text, isEdited: true }),
    });
    const { user } = renderApp('/c/c1');
    const question = await screen.findByText('Original question', {}, { timeout: 5000 });
    const article = question.closest('article')!;

    await user.click(within(article).getByRole('button', { name: 'Edit' }));
    await user.clear(screen.getByRole('textbox', { name: 'Edit message' }));
    await user.type(screen.getByRole('textbox', { name: 'Edit message' }), 'Never mind');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('Original question')).toBeInTheDocument();

    await user.click(within(article).getByRole('button', { name: 'Edit' }));
    await user.clear(screen.getByRole('textbox', { name: 'Edit message' }));
    await user.type(screen.getByRole('textbox', { name: 'Edit message' }), 'Better question');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Better question')).toBeInTheDocument();
    expect(callsTo('PUT', '/api/messages/c1/u1')[0].body).toEqual({ text: 'Better question', model: 'gpt-4o-mini' });
    expect(callsTo('POST', '/api/ask/openAI')).toHaveLength(0);
  });

  it('shows an errored reply in a red box with the badge, and the unfinished notice after 250 ms', async () => {
    const u1 = message('u1', null, { text: 'First' });
    const a1 = message('a1', 'u1', { text: 'Half an answ', unfinished: true, finish_reason: 'incomplete' });
    const u2 = message('u2', 'a1', { text: 'Second' });
    const a2 = message('a2', 'u2', { text: '{"type":"no_user_key"}', error: true, finish_reason: 'error' });
    mockChatServer([u1, a1, u2, a2]);
    renderApp('/c/c1');
    expect(await screen.findByText('No key found. Please provide a key and try again.', {}, { timeout: 5000 })).toBeInTheDocument();
    const [unfinished, errored] = replies();
    expect(within(errored).getByRole('img', { name: 'Error' })).toBeInTheDocument();
    expect(within(errored).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(within(errored).getByRole('button', { name: 'Regenerate' })).toBeInTheDocument();
    expect(within(unfinished).queryByRole('img', { name: 'Error' })).not.toBeInTheDocument();
    expect(await within(unfinished).findByText(/The response is incomplete/)).toBeInTheDocument();
    // The last reply failed: the composer waits for an edit or a regenerate.
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeDisabled();
  });
});
