import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../../test/mock-fetch.js';
import { SharedPage } from './shared-page.js';

/** Signed out, at the public route: no token, no chat setup, only the page. */
function renderSharedPage(shareId: string) {
  const router = createMemoryRouter([{ path: '/share/:shareId', element: <SharedPage /> }], { initialEntries: [`/share/${shareId}`] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const shareId = 'AbCdEfGhIjKlMnOpQrStUv';
const message = (overrides: Record<string, unknown>) => ({
  messageId: 'x', parentMessageId: '00000000-0000-0000-0000-000000000000', conversationId: shareId, sender: 'User', text: '', isCreatedByUser: true,
  error: false, unfinished: false, model: null, endpoint: null, images: [], attachmentCount: 0, createdAt: '2026-01-01T00:00:00.000Z', ...overrides,
});

describe('SharedPage', () => {
  it('renders the snapshot read-only, with placeholders for files and errors', async () => {
    mockFetch({
      [`GET /api/share/${shareId}`]: () =>
        json(200, {
          shareId, conversationId: shareId, title: 'Trip', isPublic: true, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-02T00:00:00.000Z',
          messages: [
            message({
              messageId: 'a', text: 'Look at this map', attachmentCount: 2,
              images: [{ imageId: 'img-1', type: 'image/png', width: 40, height: 30 }, { imageId: 'img-gone', type: 'image/png', width: null, height: null }],
            }),
            message({ messageId: 'b', parentMessageId: 'a', sender: 'GPT-4o', isCreatedByUser: false, model: 'gpt-4o', text: 'A **bold** answer' }),
            message({ messageId: 'c', parentMessageId: 'b', sender: 'GPT-4o', isCreatedByUser: false, error: true, text: '{"type":"no_user_key"}' }),
          ],
        }),
      [`GET /api/share/${shareId}/images/img-1`]: () => new Response(new Blob(['png bytes'], { type: 'image/png' }), { status: 200, headers: { 'content-type': 'image/png' } }),
      [`GET /api/share/${shareId}/images/img-gone`]: () => json(404, { message: 'Image not found' }),
    });
    // jsdom makes no object URLs.
    URL.createObjectURL = vi.fn(() => 'blob:shared-image');
    renderSharedPage(shareId);
    expect(await screen.findByRole('heading', { name: 'Trip' })).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Shared image' })).toHaveAttribute('src', 'blob:shared-image');
    expect(await screen.findByText('This image is no longer available.')).toBeInTheDocument();
    expect(screen.getByText('Look at this map')).toBeInTheDocument();
    expect(screen.getByText('Attachments not included: 2')).toBeInTheDocument();
    expect(screen.getByText('gpt-4o')).toBeInTheDocument();
    expect(screen.getByText('This reply ended in an error.')).toBeInTheDocument();
    expect(screen.queryByText('{"type":"no_user_key"}')).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('says "not found" for a revoked or unknown link', async () => {
    mockFetch({ [`GET /api/share/${shareId}`]: () => json(404, { message: 'Shared link not found' }) });
    renderSharedPage(shareId);
    expect(await screen.findByRole('alert')).toHaveTextContent('This shared link does not exist or was deleted.');
  });
});
