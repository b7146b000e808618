import type { ImportConversationsResponse } from '@protocol';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, mockFetch, testUser } from '../../../test/mock-fetch.js';
import { renderApp } from '../../../test/render-app.js';

// The browser's upload progress comes from XMLHttpRequest, which jsdom cannot send anywhere: the
// upload is stood in for here (the real one runs in Chromium, ui/e2e/import.e2e.test.ts).
interface UploadCall {
  path: string;
  form: FormData;
  onProgress: (fraction: number) => void;
  settle: (answer: ImportConversationsResponse) => void;
}
const upload = vi.hoisted(() => {
  const calls: UploadCall[] = [];
  return { calls };
});
vi.mock('../../../lib/upload-with-progress.js', () => ({
  uploadWithProgress: (path: string, form: FormData, onProgress: (fraction: number) => void) =>
    new Promise<ImportConversationsResponse>((settle) => upload.calls.push({ path, form, onProgress, settle })),
}));

describe('Settings → Data → Import', () => {
  it('sends the picked file, shows progress, then the counts and failures, and reloads the conversation list', async () => {
    const { callsTo } = mockFetch({ 'POST /api/auth/refresh': () => json(200, { token: 'tok', user: testUser }) });
    const { user } = renderApp('/c/new');
    await user.click(await screen.findByRole('button', { name: /User menu/ }, { timeout: 5000 }));
    await user.click(screen.getByRole('menuitem', { name: 'Settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Settings' }, { timeout: 5000 });
    await user.click(within(dialog).getByRole('tab', { name: 'Data controls' }));

    const file = new File(['[]'], 'conversations.json', { type: 'application/json' });
    await user.upload(within(dialog).getByLabelText('Import conversations'), file);
    await waitFor(() => expect(upload.calls).toHaveLength(1));
    const [call] = upload.calls;
    expect(call!.path).toBe('/api/convos/import');
    const sent = call!.form.get('file');
    expect(sent instanceof File && sent.name).toBe('conversations.json');
    expect(within(dialog).getByRole('button', { name: 'Import' })).toBeDisabled();

    call!.onProgress(0.4);
    const bar = await within(dialog).findByRole('progressbar', { name: 'Importing conversations' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '40'));

    const listLoads = callsTo('GET', '/api/convos').length;
    call!.settle({ message: 'Conversation(s) imported successfully', format: 'chatgpt', imported: 3, skipped: 1, failed: [{ name: 'Broken', reason: 'it has no messages' }], failedCount: 1 });
    const summary = await within(dialog).findByText('Imported 3 conversation(s); 1 were already there; 1 could not be read.');
    const status = summary.closest('[role="status"]');
    expect(status).not.toBeNull();
    expect(status).toHaveTextContent('Broken: it has no messages');
    expect(within(dialog).queryByRole('progressbar')).not.toBeInTheDocument();
    await waitFor(() => expect(callsTo('GET', '/api/convos').length).toBeGreaterThan(listLoads));
  });

  it('takes an Export all archive and says what became of its presets and files', async () => {
    upload.calls.length = 0;
    const { callsTo } = mockFetch({ 'POST /api/auth/refresh': () => json(200, { token: 'tok', user: testUser }) });
    const { user } = renderApp('/c/new');
    await user.click(await screen.findByRole('button', { name: /User menu/ }, { timeout: 5000 }));
    await user.click(screen.getByRole('menuitem', { name: 'Settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Settings' }, { timeout: 5000 });
    await user.click(within(dialog).getByRole('tab', { name: 'Data controls' }));

    const picker = within(dialog).getByLabelText('Import conversations');
    expect(picker).toHaveAttribute('accept', expect.stringContaining('application/gzip'));
    await user.upload(picker, new File([new Uint8Array([0x1f, 0x8b])], 'chatbox-export-2026-11-24.tar.gz', { type: 'application/gzip' }));
    await waitFor(() => expect(upload.calls).toHaveLength(1));
    // The header's presets have loaded once; the archive's presets must make them load again.
    await waitFor(() => expect(callsTo('GET', '/api/presets').length).toBeGreaterThan(0));
    const presetLoads = callsTo('GET', '/api/presets').length;
    upload.calls[0]!.settle({
      message: 'Conversation(s) imported successfully', format: 'chatbox', imported: 2, skipped: 0, failed: [], failedCount: 0,
      presets: 1, files: { imported: 2, skipped: 1, failed: 1 },
    });
    await within(dialog).findByText('Imported 2 conversation(s); 0 were already there; 0 could not be read.');
    expect(within(dialog).getByText('Restored 1 preset(s) and 3 file(s); 1 file(s) could not be stored.')).toBeInTheDocument();
    await waitFor(() => expect(callsTo('GET', '/api/presets').length).toBeGreaterThan(presetLoads));
  });
});
