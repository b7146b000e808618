import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockFetch } from '../../../test/mock-fetch.js';
import { renderFeature } from '../../../test/render-feature.js';
import { ShareDialog } from './share-dialog.js';

const shareId = 'AbCdEfGhIjKlMnOpQrStUv';
const link = { shareId, conversationId: 'c1', title: 'Trip', isPublic: true, messageCount: 2, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' };

describe('ShareDialog', () => {
  it('creates a link of the branch on screen and shows it to copy', async () => {
    let created = false;
    const { callsTo } = mockFetch({
      'GET /api/share/link/c1': () => json(200, created ? { success: true, shareId, conversationId: 'c1' } : { success: false, shareId: null, conversationId: 'c1' }),
      'POST /api/share/c1': () => {
        created = true;
        return json(201, link);
      },
    });
    const { user } = renderFeature(<ShareDialog conversationId="c1" targetMessageId="m2" onClose={() => {}} />);
    await user.click(await screen.findByRole('button', { name: 'Create link' }));
    const field = await screen.findByRole('textbox', { name: 'Shared link' });
    expect(field).toHaveValue(`${window.location.origin}/share/${shareId}`);
    expect(callsTo('POST', '/api/share/c1')[0].body).toEqual({ targetMessageId: 'm2' });
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
  });

  it('updates and deletes an existing link, and reports a failure', async () => {
    let exists = true;
    const { callsTo } = mockFetch({
      'GET /api/share/link/c1': () => json(200, exists ? { success: true, shareId, conversationId: 'c1' } : { success: false, shareId: null, conversationId: 'c1' }),
      [`PATCH /api/share/${shareId}`]: () => json(500, { message: 'disk full' }),
      [`DELETE /api/share/${shareId}`]: () => {
        exists = false;
        return json(200, { success: true, shareId, message: 'Shared link deleted' });
      },
    });
    const { user } = renderFeature(<ShareDialog conversationId="c1" onClose={() => {}} />);
    await user.click(await screen.findByRole('button', { name: 'Update link' }));
    expect(await screen.findByText('Sharing failed: disk full')).toBeInTheDocument();
    expect(callsTo('PATCH', `/api/share/${shareId}`)[0].body).toEqual({});
    await user.click(screen.getByRole('button', { name: 'Delete link' }));
    await screen.findByRole('button', { name: 'Create link' });
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Shared link' })).not.toBeInTheDocument());
  });
});
