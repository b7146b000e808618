import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockFetch } from '../../../test/mock-fetch.js';
import { renderFeature } from '../../../test/render-feature.js';
import { ConversationSidebar } from './conversation-sidebar.js';

const listed = {
  conversations: [{ conversationId: 'c1', title: 'Listed chat', user: 'u1', createdAt: new Date().toISOString(), updatedAt: new Date().toISOString() }],
  pages: 1,
  pageNumber: 1,
  pageSize: 25,
};

const results = {
  conversations: [{ conversationId: 'c9', title: 'Trip to Lisbon', user: 'u1', createdAt: '2024-01-01T00:00:00Z', updatedAt: '2024-01-01T00:00:00Z' }],
  messages: [{ messageId: 'm1', conversationId: 'c9', text: 'Book a **tram** ride', searchResult: true, title: 'Trip to Lisbon' }],
  pageNumber: 1,
  pageSize: 25,
  pages: 1,
  filter: { q: 'tram' },
};

describe('ConversationSidebar search', () => {
  it('has no search box when the server answers 404 for /api/search/enable', async () => {
    mockFetch({ 'GET /api/convos': () => json(200, listed), 'GET /api/search/enable': () => json(404, { message: 'Not found' }) });
    renderFeature(<ConversationSidebar />);
    expect(await screen.findByText('Listed chat')).toBeInTheDocument();
    expect(screen.queryByRole('search')).not.toBeInTheDocument();
  });

  it('searches 350 ms after typing stops, shows highlighted matches, and Backspace on an empty box clears', async () => {
    const { callsTo } = mockFetch({
      'GET /api/convos': () => json(200, listed),
      'GET /api/search/enable': () => json(200, true),
      'GET /api/search': () => json(200, results),
    });
    const { user } = renderFeature(<ConversationSidebar />);
    const box = await screen.findByRole('textbox', { name: 'Search messages' });
    await user.type(box, 'tram');
    expect(callsTo('GET', '/api/search')).toHaveLength(0);
    expect(await screen.findByRole('link', { name: /Trip to Lisbon/ })).toBeInTheDocument();
    // Debounced: one request for the whole word.
    expect(callsTo('GET', '/api/search').map((call) => call.url)).toEqual(['/api/search?q=tram&pageNumber=1']);
    expect(screen.getByText('tram', { selector: 'mark' })).toBeInTheDocument();
    expect(screen.queryByText('Listed chat')).not.toBeInTheDocument();

    await user.clear(box);
    await user.keyboard('{Backspace}');
    expect(screen.getByText('Listed chat')).toBeInTheDocument();
  });

  it('clears with the clear button', async () => {
    mockFetch({
      'GET /api/convos': () => json(200, listed),
      'GET /api/search/enable': () => json(200, true),
      'GET /api/search': () => json(200, { ...results, conversations: [], messages: [] }),
    });
    const { user } = renderFeature(<ConversationSidebar />);
    await user.type(await screen.findByRole('textbox', { name: 'Search messages' }), 'zebra');
    expect(await screen.findByText('No results for "zebra"')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(screen.getByText('Listed chat')).toBeInTheDocument());
    expect(screen.getByRole('textbox', { name: 'Search messages' })).toHaveValue('');
  });
});
