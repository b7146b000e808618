import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, mockFetch, testUser } from '../../../test/mock-fetch.js';
import { renderApp } from '../../../test/render-app.js';

// jsdom cannot download: the save is stood in for (the real one runs in Chromium, ui/e2e/export-all.e2e.test.ts).
const saved = vi.hoisted(() => ({ blobs: [] as Array<{ blob: Blob; fileName: string }> }));
vi.mock('../../../lib/save-blob.js', () => ({
  saveBlob: (blob: Blob, fileName: string) => saved.blobs.push({ blob, fileName }),
}));

describe('Settings → Data → Export all', () => {
  it('shows the bytes received so far, then saves the archive under the server\'s name', async () => {
    let push: (bytes: Uint8Array) => void = () => undefined;
    let end: () => void = () => undefined;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        push = (bytes) => controller.enqueue(bytes);
        end = () => controller.close();
      },
    });
    const { callsTo } = mockFetch({
      'POST /api/auth/refresh': () => json(200, { token: 'tok', user: testUser }),
      'GET /api/user/export': () => new Response(body, { status: 200, headers: { 'content-type': 'application/gzip', 'content-disposition': 'attachment; filename="chatbox-export-2026-11-24.tar.gz"' } }),
    });
    const { user } = renderApp('/c/new');
    await user.click(await screen.findByRole('button', { name: /User menu/ }, { timeout: 5000 }));
    await user.click(screen.getByRole('menuitem', { name: 'Settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Settings' }, { timeout: 5000 });
    await user.click(within(dialog).getByRole('tab', { name: 'Data controls' }));

    await user.click(within(dialog).getByRole('button', { name: 'Export all' }));
    await waitFor(() => expect(callsTo('GET', '/api/user/export')).toHaveLength(1));
    expect(within(dialog).getByRole('button', { name: 'Export all' })).toBeDisabled();
    push(new Uint8Array(3 * 1024 * 1024));
    await within(dialog).findByText('Exporting… 3 MB so far');
    push(new Uint8Array(1024 * 1024));
    await within(dialog).findByText('Exporting… 4 MB so far');
    end();

    await within(dialog).findByText('Saved chatbox-export-2026-11-24.tar.gz (4 MB).');
    expect(saved.blobs).toHaveLength(1);
    expect(saved.blobs[0]!.fileName).toBe('chatbox-export-2026-11-24.tar.gz');
    expect(saved.blobs[0]!.blob.size).toBe(4 * 1024 * 1024);
    expect(within(dialog).getByRole('button', { name: 'Export all' })).toBeEnabled();
  });

  it('says why when the export is refused', async () => {
    mockFetch({
      'POST /api/auth/refresh': () => json(200, { token: 'tok', user: testUser }),
      'GET /api/user/export': () => json(503, { message: 'Storage is down' }),
    });
    const { user } = renderApp('/c/new');
    await user.click(await screen.findByRole('button', { name: /User menu/ }, { timeout: 5000 }));
    await user.click(screen.getByRole('menuitem', { name: 'Settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Settings' }, { timeout: 5000 });
    await user.click(within(dialog).getByRole('tab', { name: 'Data controls' }));
    await user.click(within(dialog).getByRole('button', { name: 'Export all' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Export failed: Storage is down');
  });
});
