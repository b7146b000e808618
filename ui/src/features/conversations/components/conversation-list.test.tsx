import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../../test/mock-fetch.js';
import { renderFeature } from '../../../test/render-feature.js';
import { ConversationList } from './conversation-list.js';

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
const conversation = (id: string, title: string, updatedAt: string) => ({
  conversationId: id,
  title,
  user: 'u1',
  endpoint: 'openAI',
  createdAt: updatedAt,
  updatedAt,
});
const page = (conversations: unknown[], pageNumber = 1, pages = 1) => ({ conversations, pages, pageNumber, pageSize: 25 });

function layout(element: HTMLElement, { scrollHeight, clientHeight }: { scrollHeight: number; clientHeight: number }) {
  Object.defineProperty(element, 'scrollHeight', { configurable: true, value: scrollHeight });
  Object.defineProperty(element, 'clientHeight', { configurable: true, value: clientHeight });
}

describe('ConversationList', () => {
  beforeEach(() => {
    // jsdom has no layout: a list taller than its container, so nothing loads before a scroll.
    vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(1000);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(500);
  });
  afterEach(() => vi.restoreAllMocks());

  it('groups by date, highlights the open conversation and navigates on click', async () => {
    mockFetch({
      'GET /api/convos': () =>
        json(200, page([conversation('c1', 'Fresh', daysAgo(0)), conversation('c2', 'Older', daysAgo(3)), conversation('c3', 'Ancient', '2019-05-01T12:00:00Z')])),
    });
    const { router, user } = renderFeature(<ConversationList />, { path: '/c/c2' });
    const today = await screen.findByRole('region', { name: 'Today' });
    expect(within(today).getByRole('link', { name: 'Fresh' })).toBeInTheDocument();
    const week = screen.getByRole('region', { name: 'Previous 7 days' });
    expect(within(week).getByRole('link', { name: 'Older' })).toHaveAttribute('aria-current', 'page');
    expect(within(screen.getByRole('region', { name: '2019' })).getByRole('link', { name: 'Ancient' })).toBeInTheDocument();
    // Actions only on the open conversation.
    expect(screen.getAllByRole('button', { name: 'Rename conversation' })).toHaveLength(1);

    await user.click(screen.getByRole('link', { name: 'Fresh' }));
    expect(router.state.location.pathname).toBe('/c/c1');
  });

  it('loads the next page at 97% scrolled', async () => {
    const { callsTo } = mockFetch({
      'GET /api/convos?pageNumber=1': () => json(200, page([conversation('c1', 'First page', daysAgo(0))], 1, 2)),
      'GET /api/convos?pageNumber=2': () => json(200, page([conversation('c2', 'Second page', daysAgo(40))], 2, 2)),
    });
    renderFeature(<ConversationList />);
    await screen.findByText('First page');
    const scroller = screen.getByTestId('conversation-scroller');
    layout(scroller, { scrollHeight: 1000, clientHeight: 500 });
    scroller.scrollTop = 400;
    fireEvent.scroll(scroller);
    expect(callsTo('GET', '/api/convos')).toHaveLength(1);
    scroller.scrollTop = 470;
    fireEvent.scroll(scroller);
    expect(await screen.findByText('Second page')).toBeInTheDocument();
    expect(callsTo('GET', '/api/convos').map((call) => call.url)).toEqual(['/api/convos?pageNumber=1', '/api/convos?pageNumber=2']);
  });

  it('renames on Enter, only when the title changed', async () => {
    const { callsTo } = mockFetch({
      'GET /api/convos': () => json(200, page([conversation('c1', 'Draft', daysAgo(0))])),
      'POST /api/convos/update': (request) => json(200, { ...conversation('c1', 'x', daysAgo(0)), ...(request.body as object) }),
    });
    const { user } = renderFeature(<ConversationList />, { path: '/c/c1' });
    await user.click(await screen.findByRole('button', { name: 'Rename conversation' }));
    const input = screen.getByRole('textbox', { name: 'Conversation title' });
    expect(input).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(callsTo('POST', '/api/convos/update')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Rename conversation' }));
    await user.clear(screen.getByRole('textbox', { name: 'Conversation title' }));
    await user.keyboard('Final plan{Enter}');
    expect(await screen.findByRole('link', { name: 'Final plan' })).toBeInTheDocument();
    expect(callsTo('POST', '/api/convos/update')[0]!.body).toEqual({ conversationId: 'c1', title: 'Final plan' });
  });

  it('ends a rename on blur and on the confirm button, and Escape cancels', async () => {
    const { callsTo } = mockFetch({
      'GET /api/convos': () => json(200, page([conversation('c1', 'Draft', daysAgo(0))])),
      'POST /api/convos/update': (request) => json(200, { ...conversation('c1', 'x', daysAgo(0)), ...(request.body as object) }),
    });
    const { user } = renderFeature(<ConversationList />, { path: '/c/c1' });
    await user.click(await screen.findByRole('button', { name: 'Rename conversation' }));
    await user.keyboard('{Control>}a{/Control}Blurred');
    act(() => screen.getByRole('textbox', { name: 'Conversation title' }).blur());
    expect(await screen.findByRole('link', { name: 'Blurred' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Rename conversation' }));
    await user.keyboard('{Control>}a{/Control}Confirmed');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('link', { name: 'Confirmed' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Rename conversation' }));
    await user.keyboard('{Control>}a{/Control}Discarded{Escape}');
    expect(screen.getByRole('link', { name: 'Confirmed' })).toBeInTheDocument();
    expect(callsTo('POST', '/api/convos/update').map((call) => (call.body as { title: string }).title)).toEqual(['Blurred', 'Confirmed']);
  });

  it('reverts the title and toasts when the rename fails', async () => {
    mockFetch({
      'GET /api/convos': () => json(200, page([conversation('c1', 'Keep me', daysAgo(0))])),
      'POST /api/convos/update': () => json(500, { message: 'boom' }),
    });
    const { user } = renderFeature(<ConversationList />, { path: '/c/c1' });
    await user.click(await screen.findByRole('button', { name: 'Rename conversation' }));
    await user.keyboard('{Control>}a{/Control}Lost{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to rename conversation');
    expect(screen.getByRole('link', { name: 'Keep me' })).toBeInTheDocument();
  });

  it('deletes after confirmation and starts a new chat when the open one is deleted', async () => {
    const { callsTo } = mockFetch({
      'GET /api/convos': () => json(200, page([conversation('c1', 'Doomed', daysAgo(0)), conversation('c2', 'Other', daysAgo(0))])),
      'DELETE /api/convos/c1': () => json(200, { deletedCount: 1 }),
    });
    const { user, router } = renderFeature(<ConversationList />, { path: '/c/c1' });
    await user.click(await screen.findByRole('button', { name: 'Delete conversation' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete chat?' });
    expect(dialog).toHaveTextContent('This will delete Doomed.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(callsTo('DELETE', '/api/convos/c1')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete conversation' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/c/new'));
    expect(screen.queryByRole('link', { name: 'Doomed' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Other' })).toBeInTheDocument();
  });

  it('says so when there is no conversation yet', async () => {
    mockFetch();
    renderFeature(<ConversationList />);
    expect(await screen.findByText('No conversations yet. Start one and it appears here.')).toBeInTheDocument();
  });
});
